/* Relations and regions set through the C API change what is recognized: a tap that requires a
 * double tap to fail waits for it and loses to it; recognizers given a region see only touches
 * that went down in it; a region with TH_REGION_DELIVER_TOUCHES gets its touches as
 * TH_EVENT_REGION_TOUCH, held back while its recognizer may still claim them. */
#include <string.h>
#include "check.h"

typedef struct {
    int tap, double_tap, left_tap, right_tap;
    int64_t tap_time;
    int region_began[4], region_ended[4], region_cancelled[4];
} seen;

static void drain(th_context *ctx, seen *s) {
    th_event *ev = NULL;
    while (th_context_get_event(ctx, &ev) == TH_OK) {
        th_event_type type = th_event_get_type(ev);
        if (type == TH_EVENT_GESTURE) {
            const char *name = "";
            th_gesture_state state;
            CHECK_OK(th_event_gesture_get_name(ev, &name));
            CHECK_OK(th_event_gesture_get_state(ev, &state));
            CHECK(state == TH_GESTURE_RECOGNIZED);
            if (strcmp(name, "tap") == 0) {
                s->tap++;
                CHECK_OK(th_event_get_time(ev, &s->tap_time));
            }
            if (strcmp(name, "double-tap") == 0) s->double_tap++;
            if (strcmp(name, "left-tap") == 0) s->left_tap++;
            if (strcmp(name, "right-tap") == 0) s->right_tap++;
        } else if (type == TH_EVENT_REGION_TOUCH) {
            th_region region = -1;
            th_touch_phase phase;
            uint32_t slot;
            CHECK_OK(th_event_touch_get_region(ev, &region));
            CHECK_OK(th_event_touch_get_phase(ev, &phase));
            CHECK_ERR(th_event_touch_get_slot(ev, &slot), TH_ERR_NOT_AVAILABLE);
            CHECK(region >= 0 && region < 4);
            if (region >= 0 && region < 4) {
                if (phase == TH_TOUCH_BEGAN) s->region_began[region]++;
                if (phase == TH_TOUCH_ENDED) s->region_ended[region]++;
                if (phase == TH_TOUCH_CANCELLED) s->region_cancelled[region]++;
            }
        }
        th_event_destroy(ev);
    }
}

static void tap_at(th_context *ctx, double x, double y, int64_t t) {
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, x, y, t));
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_UP, x, y, t + 50000));
}

int main(void) {
    seen s;
    th_context *ctx = NULL;
    th_recognizer_params params;
    th_recognizer tap, double_tap;

    /* Require-to-fail */
    memset(&s, 0, sizeof s);
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    CHECK_OK(th_context_add_recognizer(ctx, "tap", &params, &tap));
    params.taps = 2;
    CHECK_OK(th_context_add_recognizer(ctx, "double-tap", &params, &double_tap));
    CHECK_OK(th_context_require_to_fail(ctx, tap, double_tap));
    tap_at(ctx, 100, 100, 0);
    CHECK_OK(th_context_advance(ctx, 100000));
    drain(ctx, &s);
    CHECK(s.tap == 0); /* still waiting for the double tap to fail */
    CHECK_OK(th_context_advance(ctx, 1000000));
    drain(ctx, &s);
    CHECK(s.tap == 1 && s.double_tap == 0);
    CHECK(s.tap_time > 50000 && s.tap_time <= 1000000);
    tap_at(ctx, 100, 100, 2000000);
    tap_at(ctx, 101, 100, 2150000);
    CHECK_OK(th_context_advance(ctx, 3000000));
    drain(ctx, &s);
    CHECK(s.double_tap == 1);
    CHECK(s.tap == 1); /* the double tap won: no second single tap */
    CHECK_OK(th_context_destroy(ctx));

    /* Regions */
    memset(&s, 0, sizeof s);
    th_region left = -1, right = -1;
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    CHECK_OK(th_context_add_region(ctx, 0, 0, 100, 194, 0, TH_REGION_DELIVER_TOUCHES, &left));
    CHECK_OK(th_context_add_region(ctx, 200, 0, 145, 194, 0, 0, &right));
    CHECK(left == 1 && right == 2);
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    params.region = left;
    CHECK_OK(th_context_add_recognizer(ctx, "left-tap", &params, NULL));
    params.region = right;
    CHECK_OK(th_context_add_recognizer(ctx, "right-tap", &params, NULL));
    tap_at(ctx, 50, 50, 0);       /* left */
    tap_at(ctx, 250, 50, 200000); /* right */
    tap_at(ctx, 150, 50, 400000); /* neither: the root region */
    CHECK_OK(th_context_advance(ctx, 2000000));
    drain(ctx, &s);
    CHECK(s.left_tap == 1);
    CHECK(s.right_tap == 1);
    /* The left region's application got its touch, cancelled by the tap that claimed it (the
     * recognizer's default TH_RECOGNIZER_CANCELS_TOUCHES); the right region delivers nothing. */
    CHECK(s.region_began[1] == 1);
    CHECK(s.region_ended[1] + s.region_cancelled[1] == 1);
    CHECK(s.region_began[2] == 0 && s.region_began[0] == 0);
    CHECK_OK(th_context_destroy(ctx));
    return check_finish("relations_and_regions");
}
