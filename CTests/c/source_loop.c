/* Opens a context on the source named by argv[1] (replay:FILE, a port, tcp:HOST:PORT), runs the
 * kiosk recognizer set, and drives it the way a kiosk would: poll the fd, dispatch, drain. It
 * prints one line per gesture action ("gesture NAME STATE") and a summary, and checks what holds
 * for any input: every touch that begins ends once, the fd wakes the loop, the source ends with
 * TH_ERR_DISCONNECTED, and a replay's events come in time order (a live device's may not: a
 * report that arrives late can carry an earlier time than a timer that already fired).
 * argv[2], if given, is a time limit in ms. */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static const char *state_name(th_gesture_state s) {
    switch (s) {
    case TH_GESTURE_BEGAN: return "began";
    case TH_GESTURE_CHANGED: return "changed";
    case TH_GESTURE_ENDED: return "ended";
    case TH_GESTURE_CANCELLED: return "cancelled";
    case TH_GESTURE_RECOGNIZED: return "recognized";
    default: return "?";
    }
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: source_loop SOURCE [LIMIT_MS]\n");
        return 2;
    }
    int limit_ms = argc > 2 ? atoi(argv[2]) : 20000;
    th_context *ctx = NULL;
    th_error opened = th_context_open(argv[1], NULL, &ctx);
    if (opened != TH_OK) {
        fprintf(stderr, "open %s: %s: %s\n", argv[1], th_strerror(opened), th_get_last_error());
        return 1;
    }
    CHECK_OK(th_context_add_recognizer_set(ctx, "kiosk"));
    int fd = th_context_get_fd(ctx);
    CHECK(fd >= 0);

    long began = 0, ended = 0, moves = 0, gestures = 0, statuses = 0;
    int64_t last_time = -1;
    int replay = strncmp(argv[1], "replay:", 7) == 0;
    th_error result = TH_OK;
    int waited_ms = 0;
    while (waited_ms < limit_ms) {
        struct pollfd p = {fd, POLLIN, 0};
        int ready = poll(&p, 1, 100);
        if (ready == 0) {
            waited_ms += 100;
            continue;
        }
        result = th_context_dispatch(ctx);
        th_event *ev = NULL;
        while (th_context_get_event(ctx, &ev) == TH_OK) {
            int64_t t = 0;
            CHECK_OK(th_event_get_time(ev, &t));
            if (replay && t < last_time) fprintf(stderr, "event type %d at %lld after %lld\n", (int)th_event_get_type(ev), (long long)t, (long long)last_time);
            if (replay) CHECK(t >= last_time);
            last_time = t;
            switch (th_event_get_type(ev)) {
            case TH_EVENT_TOUCH: {
                th_touch_phase phase;
                CHECK_OK(th_event_touch_get_phase(ev, &phase));
                if (phase == TH_TOUCH_BEGAN) began++;
                if (phase == TH_TOUCH_MOVED) moves++;
                if (phase == TH_TOUCH_ENDED || phase == TH_TOUCH_CANCELLED) ended++;
                break;
            }
            case TH_EVENT_GESTURE: {
                const char *name = NULL;
                th_gesture_state state;
                CHECK_OK(th_event_gesture_get_name(ev, &name));
                CHECK_OK(th_event_gesture_get_state(ev, &state));
                printf("gesture %s %s\n", name, state_name(state));
                gestures++;
                break;
            }
            case TH_EVENT_STATUS: {
                th_status_kind kind;
                uint32_t count = 0;
                CHECK_OK(th_event_status_get_kind(ev, &kind));
                CHECK_OK(th_event_status_get_count(ev, &count));
                printf("status %d %u\n", (int)kind, count);
                statuses++;
                break;
            }
            default:
                break;
            }
            th_event_destroy(ev);
        }
        if (result != TH_OK) break;
    }
    CHECK_ERR(result, TH_ERR_DISCONNECTED);
    CHECK(began == ended);
    printf("moves %ld\n", moves);
    printf("touches began %ld ended %ld, %ld gesture actions, %ld statuses\n", began, ended, gestures, statuses);
    CHECK_OK(th_context_destroy(ctx));
    return check_finish("source_loop");
}
