/* A port where no touch controller answers: opens argv[1] and runs the kiosk loop for argv[2] ms.
 * Prints "open N MESSAGE" when the open is refused, else "timed out MESSAGE" for each dispatch
 * that returns TH_ERR_TIMED_OUT, "status KIND DETAIL" for each status, and at the end
 * "dispatches N" (how often the descriptor woke the loop). Checks that the context keeps working:
 * no other error, TH_STATUS_NO_ANSWER at most once. */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <stdlib.h>
#include <time.h>
#include "check.h"

static long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    th_context *ctx = NULL;
    th_error opened = th_context_open(argv[1], NULL, &ctx);
    if (opened != TH_OK) {
        printf("open %d %s\n", (int)opened, th_get_last_error());
        CHECK(ctx == NULL);
        return check_finish("no_answer");
    }
    CHECK_OK(th_context_add_recognizer_set(ctx, "kiosk"));
    int fd = th_context_get_fd(ctx);
    long end = now_ms() + atol(argv[2]);
    int dispatches = 0, no_answer = 0;
    while (now_ms() < end) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 50) == 0) continue;
        dispatches++;
        th_error result = th_context_dispatch(ctx);
        if (result == TH_ERR_TIMED_OUT) printf("timed out %s\n", th_context_get_last_error(ctx));
        else CHECK_OK(result);
        th_event *ev = NULL;
        while (th_context_get_event(ctx, &ev) == TH_OK) {
            th_status_kind kind;
            const char *detail = "-";
            if (th_event_status_get_kind(ev, &kind) == TH_OK) {
                th_event_status_get_detail(ev, &detail);
                printf("status %d %s\n", (int)kind, detail);
                if (kind == TH_STATUS_NO_ANSWER) no_answer++;
            }
            th_event_destroy(ev);
        }
    }
    CHECK(no_answer <= 1);
    printf("dispatches %d\n", dispatches);
    CHECK_OK(th_context_destroy(ctx));
    return check_finish("no_answer");
}
