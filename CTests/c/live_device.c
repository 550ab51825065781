/* Issue 25 (d): a Linux input device opened through the C API, as any port is: argv[1] is
 * /dev/input/eventN (Tests/VM/evemu-live.sh runs it inside the VM while evemu-play plays a
 * recording into the device), argv[2] how many seconds to read. It prints the touches' count and
 * fails unless some touch began and every touch that began ended or was cancelled. */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <stdlib.h>
#include <time.h>
#include "check.h"

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    th_context *ctx = NULL;
    CHECK_OK(th_context_open(argv[1], NULL, &ctx));
    int began = 0, ended = 0, cancelled = 0;
    double end = seconds_now() + atof(argv[2]);
    while (seconds_now() < end) {
        struct pollfd p = {th_context_get_fd(ctx), POLLIN, 0};
        poll(&p, 1, 100);
        CHECK_OK(th_context_dispatch(ctx));
        th_event *event = NULL;
        while (th_context_get_event(ctx, &event) == TH_OK && event) {
            th_touch_phase phase;
            if (th_event_get_type(event) == TH_EVENT_TOUCH && th_event_touch_get_phase(event, &phase) == TH_OK) {
                began += phase == TH_TOUCH_BEGAN;
                ended += phase == TH_TOUCH_ENDED;
                cancelled += phase == TH_TOUCH_CANCELLED;
            }
            th_event_destroy(event);
            event = NULL;
        }
    }
    printf("live_device: %d began, %d ended, %d cancelled\n", began, ended, cancelled);
    CHECK(began > 0);
    CHECK(began == ended + cancelled);
    CHECK_OK(th_context_destroy(ctx));
    return check_finish("live_device");
}
