/* Issue 26, item 3, from a program written from the header:
 *  - a SIGALRM handler that calls into a context while the main loop is inside a call on the same
 *    thread gets TH_ERR_BUSY (no function is async-signal-safe), never an abort or a deadlock;
 *  - a context whose creating thread has exited is adopted by the thread that calls it next, so
 *    it can be destroyed (its port released) without the owner.
 * Prints "handler ok N busy M" and "adopted"; exits non-zero if a check fails. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include "check.h"

static th_context *shared_ctx;
static volatile sig_atomic_t handler_ok, handler_busy, handler_other;

static void on_alarm(int number) {
    (void)number;
    th_error result = th_context_advance(shared_ctx, 0);
    if (result == TH_OK || result == TH_ERR_INVALID_ARGUMENT) handler_ok++;
    else if (result == TH_ERR_BUSY) handler_busy++;
    else handler_other++;
}

static void *make_context(void *out) {
    th_context **ctx = out;
    CHECK_OK(th_context_new_manual(NULL, ctx));
    CHECK_OK(th_context_add_recognizer_set(*ctx, "kiosk"));
    return NULL;
}

static long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int main(void) {
    CHECK_OK(th_context_new_manual(NULL, &shared_ctx));
    CHECK_OK(th_context_add_recognizer_set(shared_ctx, "kiosk"));
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_alarm;
    sigaction(SIGALRM, &action, NULL);
    /* A test runner may hand its children a blocked SIGALRM. */
    sigset_t alarm_only;
    sigemptyset(&alarm_only);
    sigaddset(&alarm_only, SIGALRM);
    pthread_sigmask(SIG_UNBLOCK, &alarm_only, NULL);
    struct itimerval every = {{0, 200}, {0, 200}};
    setitimer(ITIMER_REAL, &every, NULL);
    /* The main loop is almost always inside a call: the handler lands in one most of the time. */
    long end = now_ms() + 1500;
    int64_t t = 1000;
    while (now_ms() < end) {
        th_error fed = th_context_feed_touch(shared_ctx, 0, TH_CONTACT_DOWN, 100, 100, t);
        CHECK(fed == TH_OK || fed == TH_ERR_BUSY);
        th_error synced = th_context_feed_sync(shared_ctx);
        CHECK(synced == TH_OK || synced == TH_ERR_BUSY);
        th_event *ev = NULL;
        while (th_context_get_event(shared_ctx, &ev) == TH_OK) th_event_destroy(ev);
        t += 8000;
    }
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &off, NULL);
    printf("handler ok %d busy %d\n", (int)handler_ok, (int)handler_busy);
    CHECK(handler_other == 0);
    CHECK(handler_busy > 0);
    CHECK_OK(th_context_destroy(shared_ctx));

    th_context *orphan = NULL;
    pthread_t thread;
    pthread_create(&thread, NULL, make_context, &orphan);
    pthread_join(thread, NULL);
    CHECK(orphan != NULL);
    CHECK_OK(th_context_destroy(orphan));
    printf("adopted\n");
    return check_finish("signals_and_threads");
}
