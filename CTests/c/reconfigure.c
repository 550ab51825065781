/* Run-time configuration through the C API (since 0.3), on the kiosk set as a kiosk runs it:
 * members re-parameterized change what is recognized (a tap rejected once its movement limit is
 * lowered, a long press that needs longer, a swipe that needs farther); a removed swipe no longer
 * blocks the backslash that required it to fail; a recognizer removed or replaced in the middle
 * of its gesture sends `cancelled` at once; regions move and go; and misuse gets error codes. */
#include <string.h>
#include "check.h"

static int64_t t = 0;

/* Gesture events since the last call, as "name state" counts. */
typedef struct {
    int count;
    char name[64][32];
    th_gesture_state state[64];
} gestures;

static gestures drain(th_context *ctx) {
    gestures g;
    th_event *ev = NULL;
    memset(&g, 0, sizeof g);
    while (th_context_get_event(ctx, &ev) == TH_OK) {
        const char *name = "";
        if (th_event_get_type(ev) == TH_EVENT_GESTURE && g.count < 64) {
            CHECK_OK(th_event_gesture_get_name(ev, &name));
            strncpy(g.name[g.count], name, 31);
            CHECK_OK(th_event_gesture_get_state(ev, &g.state[g.count]));
            g.count++;
        }
        th_event_destroy(ev);
    }
    return g;
}

static int seen(const gestures *g, const char *name, th_gesture_state state) {
    int n = 0;
    for (int i = 0; i < g->count; i++) n += strcmp(g->name[i], name) == 0 && g->state[i] == state;
    return n;
}

/* One finger from (x0, y0) to (x1, y1) in `moves` reports at 120 Hz, held `hold_us` there, lifted;
 * then time runs on a second so every window closes. */
static void stroke(th_context *ctx, double x0, double y0, double x1, double y1, int moves, int64_t hold_us) {
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, x0, y0, t));
    for (int k = 1; k <= moves; k++) {
        t += 8333;
        CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_MOVE, x0 + (x1 - x0) * k / moves, y0 + (y1 - y0) * k / moves, t));
    }
    for (int64_t held = 0; held < hold_us; held += 8333) {
        t += 8333;
        CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_MOVE, x1, y1, t));
    }
    t += 8333;
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_UP, x1, y1, t));
    t += 1000000;
    CHECK_OK(th_context_advance(ctx, t));
}

/* A kiosk-set member re-parameterized: the same input recognized before the change and not after. */
typedef struct {
    const char *member;      /* kiosk set name */
    th_gesture_state state;  /* what it sends when it recognizes */
    double dx, dy;           /* the input: a stroke of this size */
    int moves;
    int64_t hold_us;
    int field;               /* which setting changes */
    double value;
} member_case;

enum { MOVEMENT, DURATION, SWIPE_DISTANCE };

static const member_case member_cases[] = {
    /* A tap drifting 3 mm: within the default 4.8 mm, not within 1 mm. */
    {"tap", TH_GESTURE_RECOGNIZED, 3, 0, 4, 0, MOVEMENT, 1.0},
    /* A press held 0.8 s: long enough for 0.5 s, not for 1.2 s. */
    {"long-press", TH_GESTURE_BEGAN, 0, 0, 1, 800000, DURATION, 1200000},
    /* A flick of 30 mm: past the default 12 mm, short of 60 mm. */
    {"swipe", TH_GESTURE_RECOGNIZED, 30, 0, 12, 0, SWIPE_DISTANCE, 60},
};

static void member_changes_behaviour(const member_case *c) {
    th_context *ctx = NULL;
    th_recognizer r = -1;
    th_recognizer_params params;
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    CHECK_OK(th_context_add_recognizer_set(ctx, "kiosk"));
    CHECK_OK(th_context_find_recognizer(ctx, c->member, &r));

    stroke(ctx, 150, 100, 150 + c->dx, 100 + c->dy, c->moves, c->hold_us);
    gestures before = drain(ctx);
    if (seen(&before, c->member, c->state) != 1) fprintf(stderr, "%s before the change\n", c->member);
    CHECK(seen(&before, c->member, c->state) == 1);

    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    CHECK_OK(th_context_get_recognizer_params(ctx, r, &params));
    if (c->field == MOVEMENT) params.allowable_movement_mm = c->value;
    if (c->field == DURATION) params.duration_us = (int64_t)c->value;
    if (c->field == SWIPE_DISTANCE) params.min_distance_mm = c->value;
    CHECK_OK(th_context_replace_recognizer(ctx, r, &params));

    th_recognizer_params read_back;
    CHECK_OK(th_recognizer_params_init(&read_back, TH_GESTURE_PAN));
    CHECK_OK(th_context_get_recognizer_params(ctx, r, &read_back));
    CHECK(read_back.kind == params.kind);
    CHECK(read_back.allowable_movement_mm == params.allowable_movement_mm);
    CHECK(read_back.duration_us == params.duration_us);
    CHECK(read_back.min_distance_mm == params.min_distance_mm);

    stroke(ctx, 150, 100, 150 + c->dx, 100 + c->dy, c->moves, c->hold_us);
    gestures after = drain(ctx);
    if (seen(&after, c->member, c->state) != 0) fprintf(stderr, "%s after the change\n", c->member);
    CHECK(seen(&after, c->member, c->state) == 0);
    CHECK_OK(th_context_destroy(ctx));
}

/* Backslash requires swipe to fail (the kiosk set's relations): a brisk stroke 25 degrees down
 * and right is a swipe (within 30 degrees of an axis) and could be a backslash (20 to 70); once
 * the swipe is removed it is a backslash, and nobody waits for the removed one. */
static void removed_swipe_no_longer_blocks_backslash(void) {
    th_context *ctx = NULL;
    th_recognizer swipe, backslash, pan;
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    CHECK_OK(th_context_add_recognizer_set(ctx, "kiosk"));
    CHECK_OK(th_context_find_recognizer(ctx, "swipe", &swipe));
    CHECK_OK(th_context_find_recognizer(ctx, "backslash", &backslash));
    CHECK_OK(th_context_find_recognizer(ctx, "pan", &pan));
    stroke(ctx, 40, 40, 100, 68, 30, 0);
    gestures g = drain(ctx);
    CHECK(seen(&g, "swipe", TH_GESTURE_RECOGNIZED) == 1);
    CHECK(seen(&g, "backslash", TH_GESTURE_RECOGNIZED) == 0);

    CHECK_OK(th_context_remove_recognizer(ctx, swipe));
    stroke(ctx, 40, 40, 100, 68, 30, 0);
    g = drain(ctx);
    CHECK(seen(&g, "swipe", TH_GESTURE_RECOGNIZED) == 0);
    CHECK(seen(&g, "backslash", TH_GESTURE_RECOGNIZED) == 1);

    /* Its number is refused from now on, even once an add takes its place. */
    CHECK_ERR(th_context_remove_recognizer(ctx, swipe), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_require_to_fail(ctx, backslash, swipe), TH_ERR_NOT_FOUND);
    th_recognizer_params params;
    th_recognizer again = -1, found = -1;
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_SWIPE));
    CHECK_OK(th_context_add_recognizer(ctx, "swipe", &params, &again));
    CHECK(again != swipe && (again & 0xFF) == (swipe & 0xFF));
    CHECK_OK(th_context_find_recognizer(ctx, "swipe", &found));
    CHECK(found == again);
    CHECK_ERR(th_context_get_recognizer_params(ctx, swipe, &params), TH_ERR_NOT_FOUND);
    /* The new swipe has none of the old one's relations: given the pan's company, it takes the
     * stroke before the backslash, which no longer waits for it. */
    CHECK_OK(th_context_allow_simultaneous(ctx, again, pan));
    stroke(ctx, 40, 40, 100, 68, 30, 0);
    g = drain(ctx);
    CHECK(seen(&g, "swipe", TH_GESTURE_RECOGNIZED) == 1);
    CHECK(seen(&g, "backslash", TH_GESTURE_RECOGNIZED) == 0);
    CHECK_OK(th_context_destroy(ctx));
}

/* A pan under way when its recognizer is removed or replaced: `cancelled` is queued by the call,
 * and the rest of the drag makes no pan events; the next drag pans again after a replace. */
static void change_during_a_gesture_cancels_it(int replace) {
    th_context *ctx = NULL;
    th_recognizer pan;
    th_recognizer_params params;
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_PAN));
    CHECK_OK(th_context_add_recognizer(ctx, "pan", &params, &pan));
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, 100, 100, t));
    for (int k = 1; k <= 10; k++) {
        t += 8333;
        CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_MOVE, 100 + 3 * k, 100, t));
    }
    gestures g = drain(ctx);
    CHECK(seen(&g, "pan", TH_GESTURE_BEGAN) == 1);
    if (replace) {
        params.start_distance_mm = 20;
        CHECK_OK(th_context_replace_recognizer(ctx, pan, &params));
    } else {
        CHECK_OK(th_context_remove_recognizer(ctx, pan));
    }
    g = drain(ctx);
    CHECK(g.count == 1 && seen(&g, "pan", TH_GESTURE_CANCELLED) == 1);
    for (int k = 11; k <= 20; k++) {
        t += 8333;
        CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_MOVE, 100 + 3 * k, 100, t));
    }
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_UP, 160, 100, t));
    g = drain(ctx);
    CHECK(g.count == 0);
    stroke(ctx, 100, 100, 150, 100, 10, 0);
    g = drain(ctx);
    CHECK(seen(&g, "pan", TH_GESTURE_BEGAN) == replace);
    CHECK_OK(th_context_destroy(ctx));
}

/* A region moved takes the touches that go down in its new place; a removed one none. */
static void regions_move_and_go(void) {
    th_context *ctx = NULL;
    th_region button = -1;
    th_recognizer tap;
    th_recognizer_params params;
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    CHECK_OK(th_context_add_region(ctx, 0, 150, 100, 44, 1, 0, &button));
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    params.region = button;
    CHECK_OK(th_context_add_recognizer(ctx, "button", &params, &tap));
    stroke(ctx, 50, 170, 50, 170, 1, 0);
    gestures g = drain(ctx);
    CHECK(seen(&g, "button", TH_GESTURE_RECOGNIZED) == 1);

    CHECK_OK(th_context_set_region(ctx, button, 200, 150, 100, 44, 1, 0));
    stroke(ctx, 50, 170, 50, 170, 1, 0);
    stroke(ctx, 250, 170, 250, 170, 1, 0);
    g = drain(ctx);
    CHECK(seen(&g, "button", TH_GESTURE_RECOGNIZED) == 1);

    /* A region with a recognizer on it stays until the recognizer goes. */
    CHECK_ERR(th_context_remove_region(ctx, button), TH_ERR_NOT_SUPPORTED);
    CHECK_OK(th_context_remove_recognizer(ctx, tap));
    CHECK_OK(th_context_remove_region(ctx, button));
    CHECK_ERR(th_context_remove_region(ctx, button), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_set_region(ctx, button, 0, 0, 10, 10, 0, 0), TH_ERR_NOT_FOUND);
    params.region = button;
    CHECK_ERR(th_context_add_recognizer(ctx, "stale", &params, NULL), TH_ERR_NOT_FOUND);
    th_region again = -1;
    CHECK_OK(th_context_add_region(ctx, 0, 0, 50, 50, 0, 0, &again));
    CHECK(again != button);
    CHECK_ERR(th_context_remove_region(ctx, 0), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_set_region(ctx, again, 0, 0, -1, 10, 0, 0), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_set_region(ctx, again, 0, 0, 10, 10, 0, 0x80), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_context_destroy(ctx));
}

static int destroyed = 0;
static void count_destroy(void *user) {
    (void)user;
    destroyed++;
}

/* Misuse: every call gets an error code and changes nothing. */
static void misuse(void) {
    th_context *ctx = NULL;
    th_recognizer tap, custom;
    th_recognizer_params params;
    th_custom_recognizer callbacks;
    uint64_t bytes = 0;
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    CHECK_OK(th_context_add_recognizer(ctx, NULL, &params, &tap));
    th_custom_recognizer_init(&callbacks);
    callbacks.destroy = count_destroy;
    CHECK_OK(th_context_add_custom_recognizer(ctx, "mine", &callbacks, NULL, NULL, &custom));

    CHECK_ERR(th_context_remove_recognizer(NULL, tap), TH_ERR_INVALID_HANDLE);
    CHECK_ERR(th_context_remove_recognizer(ctx, 99), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_remove_recognizer(ctx, -1), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_replace_recognizer(ctx, tap, NULL), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_get_recognizer_params(ctx, tap, NULL), TH_ERR_INVALID_ARGUMENT);
    /* Wrong kinds: a custom recognizer has no parameters to read or replace. */
    CHECK_ERR(th_context_get_recognizer_params(ctx, custom, &params), TH_ERR_NOT_SUPPORTED);
    CHECK_ERR(th_context_replace_recognizer(ctx, custom, &params), TH_ERR_NOT_SUPPORTED);
    params.kind = TH_GESTURE_CUSTOM;
    CHECK_ERR(th_context_replace_recognizer(ctx, tap, &params), TH_ERR_INVALID_ARGUMENT);
    params.kind = 200;
    CHECK_ERR(th_context_replace_recognizer(ctx, tap, &params), TH_ERR_INVALID_ARGUMENT);
    /* Values out of range. */
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    params.allowable_movement_mm = -1;
    CHECK_ERR(th_context_replace_recognizer(ctx, tap, &params), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_LONG_PRESS));
    params.duration_us = -5;
    CHECK_ERR(th_context_replace_recognizer(ctx, tap, &params), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    params.region = 7;
    CHECK_ERR(th_context_replace_recognizer(ctx, tap, &params), TH_ERR_NOT_FOUND);
    params.region = 0;
    params.struct_size = 8;
    CHECK_ERR(th_context_get_recognizer_params(ctx, tap, &params), TH_ERR_INVALID_ARGUMENT);
    /* Another kind under the same number is allowed; the tap is a swipe now. */
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_SWIPE));
    CHECK_OK(th_context_replace_recognizer(ctx, tap, &params));
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    CHECK_OK(th_context_get_recognizer_params(ctx, tap, &params));
    CHECK(params.kind == TH_GESTURE_SWIPE);

    /* Removed twice; a custom one hears destroy once, at its removal. */
    CHECK_OK(th_context_remove_recognizer(ctx, custom));
    CHECK(destroyed == 1);
    CHECK_ERR(th_context_remove_recognizer(ctx, custom), TH_ERR_NOT_FOUND);
    CHECK_OK(th_context_remove_recognizer(ctx, tap));
    CHECK_ERR(th_context_remove_recognizer(ctx, tap), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_replace_recognizer(ctx, tap, &params), TH_ERR_NOT_FOUND);
    /* Sets come before single recognizers and changes. */
    CHECK_ERR(th_context_add_recognizer_set(ctx, "kiosk"), TH_ERR_NOT_SUPPORTED);

    /* A manual context has no link to record. */
    CHECK_ERR(th_context_start_recording(ctx, "never.threc"), TH_ERR_NOT_SUPPORTED);
    CHECK_ERR(th_context_stop_recording(ctx, &bytes), TH_ERR_NOT_SUPPORTED);
    CHECK_ERR(th_context_get_recording_status(ctx, &bytes), TH_ERR_NOT_SUPPORTED);
    CHECK_ERR(th_context_start_recording(ctx, NULL), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_context_destroy(ctx));
    CHECK(destroyed == 1);
    CHECK_ERR(th_context_remove_recognizer(ctx, 0), TH_ERR_INVALID_HANDLE);
}

int main(void) {
    for (size_t i = 0; i < sizeof member_cases / sizeof member_cases[0]; i++) member_changes_behaviour(&member_cases[i]);
    removed_swipe_no_longer_blocks_backslash();
    change_during_a_gesture_cancels_it(0);
    change_during_a_gesture_cancels_it(1);
    regions_move_and_go();
    misuse();
    return check_finish("reconfigure");
}
