/* A kiosk loop that survives its link: opens argv[1] (tcp:HOST:PORT) with TH_CONTEXT_RECONNECT,
 * sets up the kiosk recognizer set plus a "button" tap recognizer on a region once, and drives
 * poll/dispatch/drain. The emulator on the other end drops the link with a finger down and takes
 * the reconnect. Checks: dispatch never reports the context ended; no touch is live when
 * TH_STATUS_DISCONNECTED comes, and the finger down was cancelled just before one, whose detail
 * names the port; TH_STATUS_RECONNECTED follows; the
 * "button" recognizer, added before the loss, recognizes a tap after the reconnect under its old
 * number; event times are CLOCK_MONOTONIC and never go back. Measures each touch event's lag (its
 * time to the moment the loop took it) before and after the reconnect: the time is its scan's, so
 * the lag is the link's delay plus the loop's, and must not grow with the reconnect (docs/
 * architecture.md, "Event times"); the bound checked is generous, for a busy machine. Prints one
 * line per status and gesture and the lags. argv[2]: ms limit. */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"

static int64_t monotonic_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: reconnect_loop tcp:HOST:PORT [LIMIT_MS]\n");
        return 2;
    }
    int limit_ms = argc > 2 ? atoi(argv[2]) : 20000;
    th_context_options options;
    th_context_options_init(&options);
    options.flags = TH_CONTEXT_RECONNECT;
    th_context *ctx = NULL;
    th_error opened = th_context_open(argv[1], &options, &ctx);
    if (opened != TH_OK) {
        fprintf(stderr, "open %s: %s: %s\n", argv[1], th_strerror(opened), th_get_last_error());
        return 1;
    }
    CHECK_OK(th_context_add_recognizer_set(ctx, "kiosk"));
    /* The right half of the kiosk-15 panel (345 x 194 mm): the script's tap after the reconnect lands there. */
    th_region right = 0;
    CHECK_OK(th_context_add_region(ctx, 172.5, 0, 172.5, 194, 1, 0, &right));
    th_recognizer_params params;
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    params.region = right;
    th_recognizer button = -1;
    CHECK_OK(th_context_add_recognizer(ctx, "button", &params, &button));

    int fd = th_context_get_fd(ctx);
    CHECK(fd >= 0);
    int disconnected = 0, reconnected = 0, cancelled_before_loss = 0, button_after = 0;
    /* Touches begun and not yet ended or cancelled; whether one was cancelled since the last status. */
    int live = 0, cancelled_since_status = 0;
    int64_t last_time = -1;
    /* The largest lag of a touch event before the first loss and after the first reconnect. */
    int64_t lag_before = -1, lag_after = -1;
    int waited_ms = 0;
    while (waited_ms < limit_ms && !button_after) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 100) == 0) {
            waited_ms += 100;
            continue;
        }
        th_error result = th_context_dispatch(ctx);
        CHECK(result != TH_ERR_DISCONNECTED);
        if (result == TH_ERR_DISCONNECTED) break;
        th_event *ev = NULL;
        while (th_context_get_event(ctx, &ev) == TH_OK) {
            int64_t t = 0, device_t = -1;
            CHECK_OK(th_event_get_time(ev, &t));
            CHECK_OK(th_event_get_device_time(ev, &device_t));
            CHECK(device_t >= 0);
            /* A live device's events are stamped with CLOCK_MONOTONIC, never ahead of now, never back. */
            CHECK(t <= monotonic_us() && t > monotonic_us() - 60 * 1000000LL);
            CHECK(t >= last_time);
            last_time = t;
            th_event_type type = th_event_get_type(ev);
            if (type == TH_EVENT_TOUCH) {
                int64_t lag = monotonic_us() - t;
                if (reconnected) {
                    if (lag > lag_after) lag_after = lag;
                } else if (!disconnected && lag > lag_before) {
                    lag_before = lag;
                }
                th_touch_phase phase;
                CHECK_OK(th_event_touch_get_phase(ev, &phase));
                if (phase == TH_TOUCH_BEGAN) live++;
                if (phase == TH_TOUCH_ENDED || phase == TH_TOUCH_CANCELLED) live--;
                if (phase == TH_TOUCH_CANCELLED) cancelled_since_status = 1;
            } else if (type == TH_EVENT_STATUS) {
                th_status_kind kind;
                CHECK_OK(th_event_status_get_kind(ev, &kind));
                const char *detail = NULL;
                th_error has_detail = th_event_status_get_detail(ev, &detail);
                printf("status %d %s\n", (int)kind, has_detail == TH_OK ? detail : "-");
                if (kind == TH_STATUS_DISCONNECTED) {
                    disconnected++;
                    CHECK(live == 0);
                    if (cancelled_since_status) cancelled_before_loss = 1;
                    CHECK_OK(has_detail);
                    CHECK(detail != NULL && strstr(detail, "tcp:") != NULL);
                } else if (kind == TH_STATUS_RECONNECTED) {
                    CHECK(disconnected > 0);
                    reconnected++;
                    CHECK_ERR(has_detail, TH_ERR_NOT_AVAILABLE);
                }
                cancelled_since_status = 0;
            } else if (type == TH_EVENT_GESTURE) {
                const char *name = NULL;
                th_recognizer which = -1;
                CHECK_OK(th_event_gesture_get_name(ev, &name));
                th_gesture_state state;
                CHECK_OK(th_event_gesture_get_recognizer(ev, &which));
                CHECK_OK(th_event_gesture_get_state(ev, &state));
                if (state != TH_GESTURE_CHANGED) printf("gesture %s %d\n", name, (int)state);
                if (reconnected && strcmp(name, "button") == 0) {
                    CHECK(which == button);
                    button_after = 1;
                }
            }
            th_event_destroy(ev);
        }
    }
    th_recognizer found = -1;
    CHECK_OK(th_context_find_recognizer(ctx, "button", &found));
    CHECK(found == button);
    CHECK(disconnected >= 1);
    CHECK(reconnected >= 1);
    CHECK(cancelled_before_loss);
    CHECK(button_after);
    printf("touch lag before %lld us, after the reconnect %lld us\n", (long long)lag_before, (long long)lag_after);
    CHECK(lag_before >= 0 && lag_after >= 0);
    /* 2 s: what a loaded machine may hold a report and this loop back. The bound itself is held in
     * virtual time (ScanTimeTests); this catches a time taken from the wrong clock. */
    CHECK(lag_before < 2000000 && lag_after < 2000000);
    CHECK_OK(th_context_destroy(ctx));
    return check_finish("reconnect_loop");
}
