/* Stroke templates registered from points: a template recognizer names the template a stroke
 * matches, wherever and however large it is drawn, and recognizes nothing for a tap. */
#include <math.h>
#include <string.h>
#include "check.h"

static int64_t t = 0;

/* One finger along a polyline, 40 reports per segment at 120 Hz. */
static void stroke(th_context *ctx, const th_point *points, int count, double scale, double dx, double dy) {
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, dx + points[0].x * scale, dy + points[0].y * scale, t));
    for (int i = 1; i < count; i++) {
        for (int k = 1; k <= 40; k++) {
            double f = k / 40.0;
            double x = points[i - 1].x + (points[i].x - points[i - 1].x) * f;
            double y = points[i - 1].y + (points[i].y - points[i - 1].y) * f;
            t += 8333;
            CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_MOVE, dx + x * scale, dy + y * scale, t));
        }
    }
    t += 8333;
    const th_point *end = &points[count - 1];
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_UP, dx + end->x * scale, dy + end->y * scale, t));
    t += 1000000;
    CHECK_OK(th_context_advance(ctx, t));
}

/* The name of the template recognized since the last call, or "" (and counts them). */
static const char *recognized(th_context *ctx, char *name, int *count, double *score) {
    th_event *ev = NULL;
    name[0] = 0;
    *count = 0;
    while (th_context_get_event(ctx, &ev) == TH_OK) {
        if (th_event_get_type(ev) == TH_EVENT_GESTURE) {
            th_gesture_kind kind;
            uint32_t index = 99;
            const char *template_name = NULL;
            CHECK_OK(th_event_gesture_get_kind(ev, &kind));
            CHECK(kind == TH_GESTURE_TEMPLATE);
            CHECK_OK(th_event_gesture_get_template(ev, &index, &template_name, score));
            strncpy(name, template_name, 31);
            name[31] = 0;
            (*count)++;
        }
        th_event_destroy(ev);
    }
    return name;
}

int main(void) {
    static const th_point check[] = {{0, 10}, {8, 20}, {30, 0}};
    static const th_point zigzag[] = {{0, 0}, {30, 0}, {0, 30}, {30, 30}};
    static const th_point loop[] = {{15, 0}, {30, 15}, {15, 30}, {0, 15}, {15, 0}};
    th_context *ctx = NULL;
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    uint32_t index = 99;
    CHECK_OK(th_context_add_template(ctx, "check", check, 3, &index));
    CHECK(index == 0);
    CHECK_OK(th_context_add_template(ctx, "zigzag", zigzag, 4, &index));
    CHECK(index == 1);
    CHECK_ERR(th_context_add_template(ctx, "zigzag", check, 3, NULL), TH_ERR_EXISTS);
    th_point dot[2] = {{5, 5}, {5.1, 5}};
    CHECK_ERR(th_context_add_template(ctx, "dot", dot, 2, NULL), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_set_template_min_score(ctx, 1.5), TH_ERR_INVALID_ARGUMENT);
    /* The default, as `touchhost replay --template-min-score` has it (docs/strokes.md). */
    double min_score = -1;
    CHECK_OK(th_context_get_template_min_score(ctx, &min_score));
    CHECK(min_score > 0.34 && min_score < 0.35);
    CHECK_ERR(th_context_get_template_min_score(ctx, NULL), TH_ERR_INVALID_ARGUMENT);

    th_recognizer_params params;
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TEMPLATE));
    th_recognizer r = -1;
    CHECK_OK(th_context_add_recognizer(ctx, NULL, &params, &r));
    /* Added after the recognizer, and still used by it. */
    CHECK_OK(th_context_add_template(ctx, "loop", loop, 5, NULL));

    char name[32];
    int count = 0;
    double score = 0;
    stroke(ctx, check, 3, 2.0, 100, 60); /* twice as large, elsewhere */
    recognized(ctx, name, &count, &score);
    CHECK(count == 1 && strcmp(name, "check") == 0);
    CHECK(score >= 0.8 && score <= 1.0);
    stroke(ctx, zigzag, 4, 1.5, 200, 40);
    recognized(ctx, name, &count, &score);
    CHECK(count == 1 && strcmp(name, "zigzag") == 0);
    stroke(ctx, loop, 5, 3.0, 50, 50);
    recognized(ctx, name, &count, &score);
    CHECK(count == 1 && strcmp(name, "loop") == 0);

    /* Several examples of one template: either way of drawing it is that template. */
    static const th_point ell[] = {{0, 0}, {0, 30}, {30, 30}};
    static const th_point hook[] = {{0, 30}, {30, 30}, {30, 0}};
    CHECK_OK(th_context_add_template_example(ctx, "corner", ell, 3, &index));
    CHECK(index == 3);
    CHECK_OK(th_context_add_template_example(ctx, "corner", hook, 3, &index));
    CHECK(index == 3);
    CHECK_OK(th_context_add_template_example(ctx, "check", check, 3, &index));
    CHECK(index == 0);
    stroke(ctx, hook, 3, 1.5, 120, 40);
    recognized(ctx, name, &count, &score);
    CHECK(count == 1 && strcmp(name, "corner") == 0);
    stroke(ctx, ell, 3, 2.0, 60, 30);
    recognized(ctx, name, &count, &score);
    CHECK(count == 1 && strcmp(name, "corner") == 0);

    /* A tap is no stroke. */
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, 20, 20, t + 10000));
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_UP, 20, 20, t + 60000));
    t += 1000000;
    CHECK_OK(th_context_advance(ctx, t));
    recognized(ctx, name, &count, &score);
    CHECK(count == 0);

    /* Nothing matches everything at score 1. */
    CHECK_OK(th_context_set_template_min_score(ctx, 1.0));
    CHECK_OK(th_context_get_template_min_score(ctx, &min_score));
    CHECK(min_score == 1.0);
    stroke(ctx, check, 3, 2.0, 100, 60);
    recognized(ctx, name, &count, &score);
    CHECK(count == 0);
    CHECK_OK(th_context_destroy(ctx));
    return check_finish("templates");
}
