/* Touches fed by hand go through tracker and recognizers: a tap is recognized once, a pinch
 * begins, grows and ends, and every touch that begins ends exactly once. */
#include <math.h>
#include <string.h>
#include "check.h"

typedef struct {
    int taps, tap_count;
    double tap_x, tap_y;
    int pinch_began, pinch_changed, pinch_ended;
    double last_scale;
    int scale_grew;
    int began, ended;
} seen;

static void drain(th_context *ctx, seen *s) {
    th_event *ev = NULL;
    while (th_context_get_event(ctx, &ev) == TH_OK) {
        switch (th_event_get_type(ev)) {
        case TH_EVENT_TOUCH: {
            th_touch_phase phase;
            CHECK_OK(th_event_touch_get_phase(ev, &phase));
            if (phase == TH_TOUCH_BEGAN) s->began++;
            if (phase == TH_TOUCH_ENDED || phase == TH_TOUCH_CANCELLED) s->ended++;
            break;
        }
        case TH_EVENT_GESTURE: {
            const char *name = NULL;
            th_gesture_kind kind;
            th_gesture_state state;
            CHECK_OK(th_event_gesture_get_name(ev, &name));
            CHECK_OK(th_event_gesture_get_kind(ev, &kind));
            CHECK_OK(th_event_gesture_get_state(ev, &state));
            if (kind == TH_GESTURE_TAP && strcmp(name, "tap") == 0) {
                uint32_t taps = 0;
                CHECK_OK(th_event_gesture_get_taps(ev, &taps));
                CHECK(state == TH_GESTURE_RECOGNIZED);
                CHECK_OK(th_event_gesture_get_position(ev, &s->tap_x, &s->tap_y));
                s->taps++;
                s->tap_count = (int)taps;
            } else if (kind == TH_GESTURE_PINCH) {
                double scale = 0;
                CHECK_OK(th_event_gesture_get_scale(ev, &scale));
                if (state == TH_GESTURE_BEGAN) s->pinch_began++;
                if (state == TH_GESTURE_CHANGED) {
                    if (scale > s->last_scale) s->scale_grew++;
                    s->pinch_changed++;
                }
                if (state == TH_GESTURE_ENDED) s->pinch_ended++;
                s->last_scale = scale;
            }
            break;
        }
        default:
            break;
        }
        CHECK_OK(th_event_destroy(ev));
    }
}

int main(void) {
    th_context *ctx = NULL;
    th_context_options options;
    th_context_options_init(&options);
    options.panel_width_mm = 345;
    options.panel_height_mm = 194;
    CHECK_OK(th_context_new_manual(&options, &ctx));
    CHECK(th_context_get_fd(ctx) >= 0);

    th_recognizer_params params;
    th_recognizer tap = -1, pinch = -1;
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    CHECK_OK(th_context_add_recognizer(ctx, NULL, &params, &tap));
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_PINCH));
    CHECK_OK(th_context_add_recognizer(ctx, "pinch", &params, &pinch));
    CHECK(tap == 0 && pinch == 1);
    th_recognizer found = -1;
    CHECK_OK(th_context_find_recognizer(ctx, "tap", &found));
    CHECK(found == tap);

    seen s;
    memset(&s, 0, sizeof s);
    s.last_scale = 1;

    /* A tap: down, up 60 ms later, then time passes. */
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, 120.0, 80.0, 0));
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_UP, 120.5, 80.0, 60000));
    CHECK_OK(th_context_advance(ctx, 1000000));
    drain(ctx, &s);
    CHECK(s.taps == 1);
    CHECK(s.tap_count == 1);
    CHECK(fabs(s.tap_x - 120.0) < 1.0 && fabs(s.tap_y - 80.0) < 1.0);

    /* A pinch: two fingers 40 mm apart spread to 120 mm over 500 ms at 120 Hz. */
    int64_t t = 2000000;
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, 130.0, 100.0, t));
    CHECK_OK(th_context_feed_touch(ctx, 2, TH_CONTACT_DOWN, 170.0, 100.0, t));
    for (int i = 1; i <= 60; i++) {
        double half = 20.0 + 40.0 * i / 60.0;
        t += 8333;
        CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_MOVE, 150.0 - half, 100.0, t));
        CHECK_OK(th_context_feed_touch(ctx, 2, TH_CONTACT_MOVE, 150.0 + half, 100.0, t));
    }
    t += 8333;
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_UP, 90.0, 100.0, t));
    CHECK_OK(th_context_feed_touch(ctx, 2, TH_CONTACT_UP, 210.0, 100.0, t));
    CHECK_OK(th_context_dispatch(ctx));
    CHECK_OK(th_context_advance(ctx, t + 1000000));
    drain(ctx, &s);
    CHECK(s.pinch_began == 1);
    CHECK(s.pinch_changed > 10);
    CHECK(s.scale_grew > 10);
    CHECK(s.pinch_ended == 1);
    CHECK(fabs(s.last_scale - 3.0) < 0.2);
    CHECK(s.taps == 1); /* the pinch's fingers moved: no second tap */
    CHECK(s.began == 3 && s.ended == 3);

    /* With the mask set to gestures only, the same tap brings no touch events. */
    CHECK_OK(th_context_set_event_mask(ctx, TH_EVENT_MASK(TH_EVENT_GESTURE)));
    memset(&s, 0, sizeof s);
    t += 2000000;
    CHECK_OK(th_context_feed_touch(ctx, 5, TH_CONTACT_DOWN, 200.0, 50.0, t));
    CHECK_OK(th_context_feed_touch(ctx, 5, TH_CONTACT_UP, 200.0, 50.0, t + 50000));
    CHECK_OK(th_context_advance(ctx, t + 1000000));
    drain(ctx, &s);
    CHECK(s.taps == 1 && s.began == 0 && s.ended == 0);

    CHECK_OK(th_context_destroy(ctx));
    return check_finish("manual_gestures");
}
