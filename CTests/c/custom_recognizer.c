/* A recognizer written in C: "two-finger-hold" begins when two touches are down, reports the
 * spread between them as its scale, ends when one lifts, and fails if a third finger lands. It
 * also uses a deadline: held for 300 ms it sets its duration. Its destroy callback runs once. */
#include <math.h>
#include <string.h>
#include "check.h"

typedef struct {
    int destroyed, resets, deadlines;
    double start_spread;
} hold_state;

static double spread(th_custom_context *rc) {
    size_t n = 0;
    th_touch a, b;
    if (th_custom_get_touch_count(rc, &n) != TH_OK || n < 2) return 0;
    th_custom_get_touch(rc, 0, &a);
    th_custom_get_touch(rc, 1, &b);
    return hypot(a.x - b.x, a.y - b.y);
}

static void began(void *user, th_custom_context *rc, const th_touch *touches, size_t count) {
    hold_state *s = user;
    size_t n = 0;
    (void)touches;
    (void)count;
    th_custom_get_touch_count(rc, &n);
    if (n > 2) {
        th_custom_set_state(rc, TH_RECOGNIZER_FAILED);
    } else if (n == 2) {
        int64_t now = 0;
        th_custom_get_time(rc, &now);
        s->start_spread = spread(rc);
        th_custom_set_deadline(rc, now + 300000);
        th_custom_set_state(rc, TH_RECOGNIZER_BEGAN);
    }
}

static void moved(void *user, th_custom_context *rc, const th_touch *touches, size_t count) {
    hold_state *s = user;
    th_recognizer_state state;
    (void)touches;
    (void)count;
    th_custom_get_state(rc, &state);
    if (state != TH_RECOGNIZER_BEGAN && state != TH_RECOGNIZER_CHANGED) return;
    th_gesture_values values;
    th_gesture_values_init(&values);
    values.scale = spread(rc) / s->start_spread;
    th_custom_set_values(rc, &values);
    th_custom_set_state(rc, TH_RECOGNIZER_CHANGED);
}

static void ended(void *user, th_custom_context *rc, const th_touch *touches, size_t count) {
    th_recognizer_state state;
    (void)user;
    (void)touches;
    (void)count;
    th_custom_get_state(rc, &state);
    th_custom_set_state(rc, state == TH_RECOGNIZER_POSSIBLE ? TH_RECOGNIZER_FAILED : TH_RECOGNIZER_ENDED);
}

static void deadline(void *user, th_custom_context *rc) {
    hold_state *s = user;
    th_gesture_values values;
    th_gesture_values_init(&values);
    values.duration_us = 300000;
    values.scale = spread(rc) / s->start_spread;
    th_custom_set_values(rc, &values);
    th_custom_set_state(rc, TH_RECOGNIZER_CHANGED);
    s->deadlines++;
}

static void reset(void *user, th_custom_context *rc) {
    (void)rc;
    ((hold_state *)user)->resets++;
}

static void destroy(void *user) { ((hold_state *)user)->destroyed++; }

int main(void) {
    hold_state s;
    memset(&s, 0, sizeof s);
    th_context *ctx = NULL;
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    th_custom_recognizer cb;
    th_custom_recognizer_init(&cb);
    cb.touches_began = began;
    cb.touches_moved = moved;
    cb.touches_ended = ended;
    cb.deadline_reached = deadline;
    cb.reset = reset;
    cb.destroy = destroy;
    th_recognizer id = -1;
    CHECK_OK(th_context_add_custom_recognizer(ctx, "two-finger-hold", &cb, &s, NULL, &id));
    CHECK(id == 0);

    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, 100, 100, 0));
    CHECK_OK(th_context_feed_touch(ctx, 2, TH_CONTACT_DOWN, 140, 100, 0));
    for (int i = 1; i <= 50; i++) {
        int64_t t = i * 10000;
        CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_MOVE, 100 - i * 0.2, 100, t));
        CHECK_OK(th_context_feed_touch(ctx, 2, TH_CONTACT_MOVE, 140 + i * 0.2, 100, t));
    }
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_UP, 90, 100, 510000));
    CHECK_OK(th_context_feed_touch(ctx, 2, TH_CONTACT_UP, 150, 100, 510000));
    CHECK_OK(th_context_advance(ctx, 2000000));

    int began_n = 0, changed_n = 0, ended_n = 0;
    double last_scale = 0;
    int64_t duration = 0;
    th_event *ev = NULL;
    while (th_context_get_event(ctx, &ev) == TH_OK) {
        if (th_event_get_type(ev) == TH_EVENT_GESTURE) {
            th_gesture_kind kind;
            th_gesture_state state;
            const char *name;
            CHECK_OK(th_event_gesture_get_kind(ev, &kind));
            CHECK_OK(th_event_gesture_get_state(ev, &state));
            CHECK_OK(th_event_gesture_get_name(ev, &name));
            CHECK(kind == TH_GESTURE_CUSTOM);
            CHECK(strcmp(name, "two-finger-hold") == 0);
            if (state == TH_GESTURE_BEGAN) began_n++;
            if (state == TH_GESTURE_CHANGED) changed_n++;
            if (state == TH_GESTURE_ENDED) ended_n++;
            CHECK_OK(th_event_gesture_get_scale(ev, &last_scale)); /* custom events carry every value */
            int64_t d = 0;
            CHECK_OK(th_event_gesture_get_duration(ev, &d));
            if (d > duration) duration = d;
        }
        th_event_destroy(ev);
    }
    CHECK(began_n == 1);
    CHECK(changed_n >= 40);
    CHECK(ended_n == 1);
    CHECK(fabs(last_scale - 60.0 / 40.0) < 0.05);
    CHECK(s.deadlines == 1);
    CHECK(duration == 300000);
    CHECK(s.resets >= 1);
    CHECK(s.destroyed == 0);
    CHECK_OK(th_context_destroy(ctx));
    CHECK(s.destroyed == 1);
    return check_finish("custom_recognizer");
}
