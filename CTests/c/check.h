/* A tiny assertion kit for the C tests: each CHECK that fails prints where and why, and the
 * program exits non-zero at the end. */
#ifndef TOUCHHOST_TEST_CHECK_H
#define TOUCHHOST_TEST_CHECK_H
#include <stdio.h>
#include <touchhost.h>

static int check_failures = 0;

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);     \
            check_failures++;                                                            \
        }                                                                                \
    } while (0)

#define CHECK_ERR(expr, expected)                                                         \
    do {                                                                                  \
        th_error check_got_ = (expr);                                                     \
        if (check_got_ != (expected)) {                                                   \
            fprintf(stderr, "%s:%d: %s returned %d (%s), expected %s; last error: %s\n", \
                    __FILE__, __LINE__, #expr, (int)check_got_, th_strerror(check_got_), \
                    #expected, th_get_last_error());                                      \
            check_failures++;                                                             \
        }                                                                                 \
    } while (0)

#define CHECK_OK(expr) CHECK_ERR(expr, TH_OK)

static int check_finish(const char *name) {
    if (check_failures) {
        fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
        return 1;
    }
    printf("%s: ok\n", name);
    return 0;
}
#endif
