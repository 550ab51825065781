/* Misuse returns errors and never crashes: NULL and forged handles, handles of the wrong kind,
 * use after release, calls from another thread, accessors of the wrong event type, bad
 * arguments, exhausted capacities, and callbacks that call back into their context. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "check.h"

/* A touch script in a temporary file; returns its path in `path`. */
static void write_script(char *path, const char *text) {
    strcpy(path, "/tmp/touchhost-misuse-XXXXXX");
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd >= 0) {
        CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
        close(fd);
    }
}

static th_context *shared_ctx;
static th_event *shared_event;
static th_error from_thread[4];

static void *other_thread(void *unused) {
    (void)unused;
    int64_t t = 0;
    from_thread[0] = th_context_dispatch(shared_ctx);
    from_thread[1] = th_context_feed_touch(shared_ctx, 1, TH_CONTACT_DOWN, 1, 1, 0);
    from_thread[2] = th_event_get_time(shared_event, &t);
    from_thread[3] = th_context_destroy(shared_ctx);
    return NULL;
}

static int logged_errors = 0;
static char logged[256];
static void log_handler(void *user, th_log_priority priority, const char *message) {
    (void)user;
    if (priority == TH_LOG_ERROR) {
        logged_errors++;
        strncpy(logged, message, sizeof logged - 1);
    }
}

/* A log handler that tries to destroy the context that is logging (since 0.2: TH_ERR_BUSY). */
static th_error destroy_from_log = TH_OK;
static void destroying_log(void *user, th_log_priority priority, const char *message) {
    (void)priority;
    (void)message;
    destroy_from_log = th_context_destroy((th_context *)user);
}

static th_error reentry_result = TH_OK;
static th_custom_context *kept_handle;
static void reenter(void *user, th_custom_context *rc, const th_touch *touches, size_t count) {
    (void)touches;
    (void)count;
    reentry_result = th_context_dispatch((th_context *)user);
    kept_handle = rc;
    th_custom_set_state(rc, TH_RECOGNIZER_FAILED);
}

int main(void) {
    th_context *ctx = NULL;
    th_event *ev = NULL;
    int local = 0;

    /* NULL and forged handles */
    CHECK_ERR(th_context_new_manual(NULL, NULL), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_destroy(NULL), TH_ERR_INVALID_HANDLE);
    CHECK_ERR(th_context_dispatch((th_context *)(uintptr_t)0x1234), TH_ERR_INVALID_HANDLE);
    CHECK_ERR(th_context_dispatch((th_context *)&local), TH_ERR_INVALID_HANDLE);
    CHECK(th_context_get_fd(NULL) == TH_ERR_INVALID_HANDLE);
    CHECK(th_event_get_type(NULL) == TH_EVENT_NONE);
    CHECK(strlen(th_context_get_last_error(NULL)) > 0);
    CHECK(strcmp(th_strerror((th_error)-999), "unknown error") == 0);
    for (int code = 0; code >= -16; code--) CHECK(strlen(th_strerror((th_error)code)) > 0);

    th_context_options options;
    th_context_options_init(&options);
    options.struct_size = 4;
    CHECK_ERR(th_context_new_manual(&options, &ctx), TH_ERR_INVALID_ARGUMENT);
    CHECK(ctx == NULL);
    CHECK(strlen(th_get_last_error()) > 0);
    th_context_options_init(&options);
    options.panel_width_mm = -3;
    CHECK_ERR(th_context_new_manual(&options, &ctx), TH_ERR_INVALID_ARGUMENT);
    th_context_options_init(&options);
    options.flags = 0x80; /* no TH_CONTEXT_* flag */
    CHECK_ERR(th_context_new_manual(&options, &ctx), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_context_new_manual(NULL, &ctx));

    /* The log handler hears failures; user data is kept and handed back */
    CHECK_ERR(th_context_set_log_handler(ctx, log_handler, NULL, (th_log_priority)3), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_context_set_log_handler(ctx, log_handler, NULL, TH_LOG_INFO));
    CHECK_ERR(th_context_require_to_fail(ctx, 3, 4), TH_ERR_NOT_FOUND);
    CHECK(logged_errors == 1 && strstr(logged, "recognizer 3") != NULL);
    CHECK(strcmp(th_context_get_last_error(ctx), logged) == 0);
    void *user = NULL;
    CHECK_OK(th_context_get_user_data(ctx, &user));
    CHECK(user == NULL);
    CHECK_OK(th_context_set_user_data(ctx, &local));
    CHECK_OK(th_context_get_user_data(ctx, &user));
    CHECK(user == &local);
    CHECK_ERR(th_context_get_user_data(ctx, NULL), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_context_set_log_handler(ctx, NULL, NULL, TH_LOG_DEBUG));

    /* Empty queue: TH_ERR_AGAIN is a result, not a failure; it is not logged and leaves both
     * last errors as they were (since 0.2) */
    CHECK_OK(th_context_set_log_handler(ctx, log_handler, NULL, TH_LOG_DEBUG));
    logged_errors = 0;
    CHECK_ERR(th_context_require_to_fail(ctx, 5, 6), TH_ERR_NOT_FOUND);
    char before_again[256];
    strncpy(before_again, th_context_get_last_error(ctx), sizeof before_again - 1);
    before_again[sizeof before_again - 1] = 0;
    ev = (th_event *)&local;
    for (int i = 0; i < 3; i++) CHECK_ERR(th_context_get_event(ctx, &ev), TH_ERR_AGAIN);
    CHECK(ev == NULL);
    CHECK(logged_errors == 1);
    CHECK(strcmp(th_context_get_last_error(ctx), before_again) == 0);
    CHECK(strcmp(th_get_last_error(), before_again) == 0);
    CHECK_OK(th_context_set_log_handler(ctx, destroying_log, ctx, TH_LOG_DEBUG));
    CHECK_ERR(th_context_require_to_fail(ctx, 7, 8), TH_ERR_NOT_FOUND);
    CHECK_ERR(destroy_from_log, TH_ERR_BUSY);
    CHECK_OK(th_context_set_log_handler(ctx, NULL, NULL, TH_LOG_DEBUG)); /* still alive */
    CHECK_ERR(th_context_get_event(ctx, NULL), TH_ERR_INVALID_ARGUMENT);

    /* Bad feeding */
    CHECK_ERR(th_context_feed_touch(ctx, 300, TH_CONTACT_DOWN, 1, 1, 0), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_feed_touch(ctx, 1, (th_contact_state)7, 1, 1, 0), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, 0.0 / 0.0, 1, 0), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, 10, 10, 5000));
    CHECK_ERR(th_context_feed_touch(ctx, 1, TH_CONTACT_MOVE, 10, 10, 4000), TH_ERR_INVALID_ARGUMENT);
    CHECK(strstr(th_context_get_last_error(ctx), "before") != NULL);
    CHECK_ERR(th_context_advance(ctx, 10), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_advance(ctx, INT64_MAX), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_cancel_touches(ctx, -1), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_send_command(ctx, TH_COMMAND_RESET, 0), TH_ERR_NOT_SUPPORTED);
    CHECK_ERR(th_context_send_command(ctx, (th_command)99, 0), TH_ERR_INVALID_ARGUMENT);
    th_device_info info;
    info.struct_size = sizeof info;
    CHECK_ERR(th_context_get_device_info(ctx, &info), TH_ERR_NOT_SUPPORTED);

    /* Wrong event types and values the kind lacks */
    CHECK_OK(th_context_feed_sync(ctx));
    CHECK_OK(th_context_get_event(ctx, &ev));
    CHECK(th_event_get_type(ev) == TH_EVENT_TOUCH);
    const char *name = NULL;
    th_status_kind status;
    th_region region;
    double scale;
    CHECK_ERR(th_event_gesture_get_name(ev, &name), TH_ERR_WRONG_EVENT_TYPE);
    CHECK_ERR(th_event_gesture_get_scale(ev, &scale), TH_ERR_WRONG_EVENT_TYPE);
    CHECK_ERR(th_event_status_get_kind(ev, &status), TH_ERR_WRONG_EVENT_TYPE);
    CHECK_ERR(th_event_touch_get_region(ev, &region), TH_ERR_NOT_AVAILABLE);
    CHECK_ERR(th_event_touch_get_position(ev, NULL, NULL), TH_ERR_INVALID_ARGUMENT);

    /* A handle of the other kind */
    CHECK_ERR(th_context_dispatch((th_context *)ev), TH_ERR_INVALID_HANDLE);
    CHECK(th_event_get_type((th_event *)ctx) == TH_EVENT_NONE);
    CHECK_ERR(th_event_destroy((th_event *)ctx), TH_ERR_INVALID_HANDLE);

    /* Another thread: refused, nothing changes */
    const char *before = th_context_get_last_error(ctx);
    char saved[256];
    strncpy(saved, before, sizeof saved - 1);
    saved[sizeof saved - 1] = 0;
    shared_ctx = ctx;
    shared_event = ev;
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, other_thread, NULL) == 0);
    pthread_join(thread, NULL);
    for (int i = 0; i < 4; i++) CHECK_ERR(from_thread[i], TH_ERR_WRONG_THREAD);
    CHECK(strcmp(th_context_get_last_error(ctx), saved) == 0);

    /* Use after release */
    CHECK_OK(th_event_destroy(ev));
    CHECK_ERR(th_event_destroy(ev), TH_ERR_INVALID_HANDLE);
    CHECK(th_event_get_type(ev) == TH_EVENT_NONE);

    /* Recognizers: bad parameters, relations and capacities */
    th_recognizer_params params;
    th_recognizer r = -1;
    CHECK_ERR(th_recognizer_params_init(&params, (th_gesture_kind)77), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_recognizer_params_init(NULL, TH_GESTURE_TAP), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    params.region = 5;
    CHECK_ERR(th_context_add_recognizer(ctx, NULL, &params, &r), TH_ERR_NOT_FOUND);
    params.region = 0;
    params.allowable_movement_mm = -1;
    CHECK_ERR(th_context_add_recognizer(ctx, NULL, &params, &r), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    params.struct_size = 8;
    CHECK_ERR(th_context_add_recognizer(ctx, NULL, &params, &r), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_recognizer_params_init(&params, TH_GESTURE_TAP));
    CHECK_ERR(th_context_add_recognizer(ctx, NULL, NULL, &r), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_add_recognizer_set(ctx, "tap,no-such-gesture"), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_add_recognizer_set(ctx, " , "), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_context_add_recognizer_set(ctx, "tap,double-tap"));
    CHECK_OK(th_context_add_recognizer(ctx, "my-tap", &params, &r));
    CHECK(r == 2);
    CHECK_ERR(th_context_add_recognizer(ctx, "my-tap", &params, NULL), TH_ERR_EXISTS);
    CHECK_ERR(th_context_add_recognizer_set(ctx, "pan"), TH_ERR_NOT_SUPPORTED);
    CHECK_ERR(th_context_require_to_fail(ctx, 0, 99), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_require_to_fail(ctx, -1, 0), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_allow_simultaneous(ctx, 1, 1), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_find_recognizer(ctx, "nope", &r), TH_ERR_NOT_FOUND);
    int added = 3;
    th_error last = TH_OK;
    while (added < 40 && (last = th_context_add_recognizer(ctx, NULL, &params, NULL)) == TH_OK) added++;
    CHECK(added == 32);
    CHECK_ERR(last, TH_ERR_CAPACITY);
    CHECK_ERR(th_context_add_region(ctx, 0, 0, 0, 10, 0, 0, NULL), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_add_region(ctx, 0, 0, 10, 10, 0, 0x80, NULL), TH_ERR_INVALID_ARGUMENT);
    int regions = 0;
    while (regions < 40 && (last = th_context_add_region(ctx, regions, 0, 5, 5, 0, 0, NULL)) == TH_OK) regions++;
    CHECK(regions == 15);
    CHECK_ERR(last, TH_ERR_CAPACITY);
    th_point line[2] = {{0, 0}, {10, 10}};
    CHECK_ERR(th_context_add_template(ctx, "line", line, 1, NULL), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_add_template(ctx, "line", NULL, 2, NULL), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_context_destroy(ctx));

    /* Callbacks may not re-enter; their handle dies with the call */
    CHECK_OK(th_context_new_manual(NULL, &ctx));
    th_custom_recognizer callbacks;
    th_custom_recognizer_init(&callbacks);
    callbacks.touches_began = reenter;
    CHECK_OK(th_context_add_custom_recognizer(ctx, "reenter", &callbacks, ctx, NULL, NULL));
    CHECK_OK(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, 10, 10, 0));
    CHECK_OK(th_context_dispatch(ctx));
    CHECK_ERR(reentry_result, TH_ERR_BUSY);
    CHECK(kept_handle != NULL);
    CHECK_ERR(th_custom_set_state(kept_handle, TH_RECOGNIZER_BEGAN), TH_ERR_INVALID_HANDLE);
    CHECK_OK(th_context_destroy(ctx));

    /* Sources that cannot be opened, and what a replay refuses */
    CHECK_ERR(th_context_open(NULL, NULL, &ctx), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_open("/dev/touchhost-no-such-port", NULL, &ctx), TH_ERR_NOT_FOUND);
    CHECK(ctx == NULL);
    CHECK(strstr(th_get_last_error(), "touchhost-no-such-port") != NULL);
    CHECK(th_get_last_os_error() == ENOENT); /* the errno behind it (since 0.2) */
    CHECK_ERR(th_context_open("tcp:127.0.0.1:1", NULL, &ctx), TH_ERR_IO);
    CHECK(th_get_last_os_error() == ECONNREFUSED);
    CHECK_ERR(th_context_open("/dev/null", NULL, &ctx), TH_ERR_INVALID_ARGUMENT); /* no terminal */
    CHECK_ERR(th_context_open("tcp:localhost:notaport", NULL, &ctx), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_open("replay:/touchhost/no/such/file.touch", NULL, &ctx), TH_ERR_NOT_FOUND);
    CHECK_ERR(th_context_open("emulate:no-such-board", NULL, &ctx), TH_ERR_NOT_FOUND);
    CHECK(strstr(th_get_last_error(), "kiosk-15") != NULL); /* the message lists the boards */
    CHECK_ERR(th_context_open("emulate:kiosk-15?speed=2", NULL, &ctx), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_open("emulate:kiosk-15?script=/touchhost/no/such.touch", NULL, &ctx), TH_ERR_NOT_FOUND);
    char path[64], source[128];
    write_script(path, "0ms tap 10 10\n1s wiggle 3\n");
    snprintf(source, sizeof source, "replay:%s", path);
    CHECK_ERR(th_context_open(source, NULL, &ctx), TH_ERR_FORMAT);
    CHECK(strstr(th_get_last_error(), "2") != NULL); /* the message names the line */
    snprintf(source, sizeof source, "replay:%s?speed=2", path);
    CHECK_ERR(th_context_open(source, NULL, &ctx), TH_ERR_INVALID_ARGUMENT);
    unlink(path);
    write_script(path, "0ms tap 10 10\n");
    snprintf(source, sizeof source, "replay:%s", path);
    CHECK_OK(th_context_open(source, NULL, &ctx));
    CHECK_ERR(th_context_feed_touch(ctx, 1, TH_CONTACT_DOWN, 1, 1, 0), TH_ERR_NOT_SUPPORTED);
    CHECK_ERR(th_context_advance(ctx, 10), TH_ERR_NOT_SUPPORTED);
    CHECK_ERR(th_context_send_command(ctx, TH_COMMAND_RECALIBRATE, 0), TH_ERR_NOT_SUPPORTED);
    CHECK_ERR(th_context_get_device_info(ctx, &info), TH_ERR_NOT_SUPPORTED);
    CHECK_ERR(th_context_dispatch(ctx), TH_ERR_DISCONNECTED); /* a one-line replay ends at once */
    CHECK_ERR(th_context_dispatch(ctx), TH_ERR_DISCONNECTED);
    CHECK_OK(th_context_destroy(ctx));
    unlink(path);

    /* Use after destroy */
    CHECK_ERR(th_context_dispatch(ctx), TH_ERR_INVALID_HANDLE);
    CHECK_ERR(th_context_destroy(ctx), TH_ERR_INVALID_HANDLE);
    CHECK(th_context_get_fd(ctx) == TH_ERR_INVALID_HANDLE);
    return check_finish("misuse");
}
