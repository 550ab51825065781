/* Recording from C (since 0.3): a kiosk loop on SOURCE records its link to FILE from before its
 * first dispatch, prints every touch and gesture it sees while recording ("touch ID PHASE X Y T",
 * "gesture NAME STATE X Y T", T the device time in µs), and stops once it has seen COUNT
 * gestures NAME in STATE.
 * The test replays FILE with `touchhost replay` and compares. Paths that cannot be recorded to,
 * and a second recording, get error codes first.
 * Usage: record_live SOURCE FILE NAME STATE COUNT */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static const char *phase_name(th_touch_phase p) {
    switch (p) {
    case TH_TOUCH_BEGAN: return "began";
    case TH_TOUCH_MOVED: return "moved";
    case TH_TOUCH_ENDED: return "ended";
    case TH_TOUCH_CANCELLED: return "cancelled";
    default: return "stationary";
    }
}

static const char *state_name(th_gesture_state s) {
    switch (s) {
    case TH_GESTURE_BEGAN: return "began";
    case TH_GESTURE_CHANGED: return "changed";
    case TH_GESTURE_ENDED: return "ended";
    case TH_GESTURE_CANCELLED: return "cancelled";
    default: return "recognized";
    }
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: record_live SOURCE FILE NAME STATE COUNT\n");
        return 2;
    }
    int wanted = atoi(argv[5]), count = 0, recording = 1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    th_context *ctx = NULL;
    uint64_t bytes = 0;
    if (th_context_open(argv[1], NULL, &ctx) != TH_OK) {
        fprintf(stderr, "open: %s\n", th_get_last_error());
        return 1;
    }
    CHECK_OK(th_context_add_recognizer_set(ctx, "kiosk"));

    /* What cannot be recorded to is an error with its errno, and nothing starts. */
    /* A device node is no recording file: refused before it is opened (issue 26: run as root, a
     * file written through a rename replaced the device). */
    CHECK_ERR(th_context_start_recording(ctx, "/dev/full"), TH_ERR_IO);
    CHECK(strstr(th_get_last_error(), "is a character device") != NULL);
    CHECK_ERR(th_context_start_recording(ctx, "no-such-folder/x.threc"), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_start_recording(ctx, "/"), TH_ERR_IO);
    CHECK_ERR(th_context_start_recording(ctx, ""), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_get_recording_status(ctx, &bytes), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_stop_recording(ctx, &bytes), TH_ERR_NOT_FOUND);

    CHECK_OK(th_context_start_recording(ctx, argv[2]));
    CHECK_ERR(th_context_start_recording(ctx, argv[2]), TH_ERR_EXISTS);

    struct pollfd p = {th_context_get_fd(ctx), POLLIN, 0};
    th_error e = TH_OK;
    while (e != TH_ERR_DISCONNECTED) {
        poll(&p, 1, 100);
        e = th_context_dispatch(ctx);
        th_event *ev;
        while (th_context_get_event(ctx, &ev) == TH_OK) {
            int64_t at = 0;
            double x = 0, y = 0;
            CHECK_OK(th_event_get_device_time(ev, &at));
            if (recording && th_event_get_type(ev) == TH_EVENT_TOUCH) {
                uint32_t id = 0;
                th_touch_phase phase;
                CHECK_OK(th_event_touch_get_id(ev, &id));
                CHECK_OK(th_event_touch_get_phase(ev, &phase));
                CHECK_OK(th_event_touch_get_position(ev, &x, &y));
                printf("touch %u %s %.3f %.3f %lld\n", id, phase_name(phase), x, y, (long long)at);
            } else if (recording && th_event_get_type(ev) == TH_EVENT_GESTURE) {
                const char *name = "";
                th_gesture_state state;
                CHECK_OK(th_event_gesture_get_name(ev, &name));
                CHECK_OK(th_event_gesture_get_state(ev, &state));
                CHECK_OK(th_event_gesture_get_position(ev, &x, &y));
                printf("gesture %s %s %.3f %.3f %lld\n", name, state_name(state), x, y, (long long)at);
                count += strcmp(name, argv[3]) == 0 && strcmp(state_name(state), argv[4]) == 0;
            }
            th_event_destroy(ev);
        }
        /* Stopped after the whole batch: every event from the bytes read so far is printed. */
        if (recording && count >= wanted) {
            uint64_t so_far = 0;
            CHECK_OK(th_context_get_recording_status(ctx, &so_far));
            CHECK_OK(th_context_stop_recording(ctx, &bytes));
            CHECK(bytes >= so_far && bytes > 0);
            printf("recorded %llu bytes\n", (unsigned long long)bytes);
            recording = 0;
        }
    }
    CHECK(!recording);
    CHECK_ERR(th_context_stop_recording(ctx, &bytes), TH_ERR_NOT_FOUND);
    CHECK_OK(th_context_destroy(ctx));
    return check_finish("record_live");
}
