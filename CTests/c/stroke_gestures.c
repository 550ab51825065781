/* The engine's stroke shapes through the C API: a checkmark reports its vertex, a circle its
 * center and radius, a backslash its length, each recognized by its own recognizer only; a
 * capture follows the stroke from touch-down and counts its samples. */
#include <math.h>
#include "check.h"

static int64_t t = 0;

/* One finger along a polyline, 30 reports per segment at 120 Hz. */
static void stroke(th_context *ctx, const th_point *points, int count) {
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, points[0].x, points[0].y, t));
    for (int i = 1; i < count; i++) {
        for (int k = 1; k <= 30; k++) {
            double f = k / 30.0;
            t += 8333;
            CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_MOVE, points[i - 1].x + (points[i].x - points[i - 1].x) * f,
                                           points[i - 1].y + (points[i].y - points[i - 1].y) * f, t));
        }
    }
    t += 8333;
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_UP, points[count - 1].x, points[count - 1].y, t));
    t += 1000000;
    CHECK_OK(th_context_advance(ctx, t));
}

/* The one gesture event queued since the last call (NULL and a failed check if not exactly one). */
static th_event *only_gesture(th_context *ctx) {
    th_event *ev = NULL, *found = NULL;
    int count = 0;
    while (th_context_get_event(ctx, &ev) == TH_OK) {
        if (th_event_get_type(ev) == TH_EVENT_GESTURE && count++ == 0) {
            found = ev;
        } else {
            th_event_destroy(ev);
        }
    }
    CHECK(count == 1);
    return found;
}

static void expect_kind(th_event *ev, th_gesture_kind expected) {
    th_gesture_kind kind = TH_GESTURE_CUSTOM;
    th_gesture_state state = TH_GESTURE_CANCELLED;
    CHECK_OK(th_event_gesture_get_kind(ev, &kind));
    CHECK(kind == expected);
    CHECK_OK(th_event_gesture_get_state(ev, &state));
    CHECK(state == TH_GESTURE_RECOGNIZED);
}

int main(void) {
    th_context *ctx = NULL;
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    th_gesture_kind kinds[] = {TH_GESTURE_CHECKMARK, TH_GESTURE_CIRCLE, TH_GESTURE_BACKSLASH};
    for (int i = 0; i < 3; i++) {
        th_recognizer_params params;
        CHECK_OK(th_recognizer_params_init(&params, kinds[i]));
        CHECK_OK(th_context_add_recognizer(ctx, NULL, &params, NULL));
    }

    /* Down to the vertex, then a longer leg up and right (y grows downwards). */
    static const th_point check[] = {{100, 80}, {116, 100}, {160, 60}};
    stroke(ctx, check, 3);
    th_event *ev = only_gesture(ctx);
    if (ev) {
        expect_kind(ev, TH_GESTURE_CHECKMARK);
        double x = 0, y = 0;
        CHECK_OK(th_event_gesture_get_vertex(ev, &x, &y));
        CHECK(fabs(x - 116) < 3 && fabs(y - 100) < 3);
        double cx, cy, r;
        CHECK_ERR(th_event_gesture_get_circle(ev, &cx, &cy, &r), TH_ERR_NOT_AVAILABLE);
        th_event_destroy(ev);
    }

    /* One closed turn of radius 25 mm around (150, 100). */
    th_point loop[49];
    for (int i = 0; i <= 48; i++) {
        double a = 2 * 3.14159265358979 * i / 48;
        loop[i].x = 150 + 25 * cos(a);
        loop[i].y = 100 + 25 * sin(a);
    }
    stroke(ctx, loop, 49);
    ev = only_gesture(ctx);
    if (ev) {
        expect_kind(ev, TH_GESTURE_CIRCLE);
        double cx = 0, cy = 0, r = 0;
        CHECK_OK(th_event_gesture_get_circle(ev, &cx, &cy, &r));
        CHECK(fabs(cx - 150) < 2 && fabs(cy - 100) < 2);
        CHECK(fabs(r - 25) < 2);
        double x, y;
        CHECK_ERR(th_event_gesture_get_vertex(ev, &x, &y), TH_ERR_NOT_AVAILABLE);
        th_event_destroy(ev);
    }

    static const th_point slash[] = {{40, 40}, {80, 80}};
    stroke(ctx, slash, 2);
    ev = only_gesture(ctx);
    if (ev) {
        expect_kind(ev, TH_GESTURE_BACKSLASH);
        double length = 0;
        CHECK_OK(th_event_gesture_get_length(ev, &length));
        CHECK(fabs(length - 40 * sqrt(2)) < 3);
        th_event_destroy(ev);
    }
    CHECK_OK(th_context_destroy(ctx));

    /* A capture begins at touch-down and ends at the lift with every kept sample. */
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    th_recognizer_params params;
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_CAPTURE));
    CHECK_OK(th_context_add_recognizer(ctx, NULL, &params, NULL));
    stroke(ctx, check, 3);
    int began = 0, changed = 0, ended = 0;
    uint32_t samples = 0;
    while (th_context_get_event(ctx, &ev) == TH_OK) {
        th_gesture_state state;
        if (th_event_get_type(ev) == TH_EVENT_GESTURE && th_event_gesture_get_state(ev, &state) == TH_OK) {
            began += state == TH_GESTURE_BEGAN;
            changed += state == TH_GESTURE_CHANGED;
            if (state == TH_GESTURE_ENDED) {
                ended++;
                CHECK_OK(th_event_gesture_get_samples(ev, &samples));
            }
        }
        th_event_destroy(ev);
    }
    CHECK(began == 1 && changed > 0 && ended == 1);
    CHECK(samples > 2);
    CHECK_OK(th_context_destroy(ctx));
    return check_finish("stroke_gestures");
}
