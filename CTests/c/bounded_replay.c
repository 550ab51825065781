/* A replay source reads every file through TouchHost's one bounded reader: an endless device
 * (/dev/zero) given as any format, or as an evemu description, is refused with TH_ERR_FORMAT and
 * a message stating the limit, inside a bounded amount of memory. It used to read without
 * bound inside th_context_open() and abort the whole process ("failed to allocate", SIGABRT). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>
#include "check.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#endif

/* Every message the library gives stays on one line with no control character. */
static void check_message(const char *source, const char *expected) {
    const char *message = th_get_last_error();
    if (strstr(message, expected) == NULL) {
        fprintf(stderr, "%s: message '%s' lacks '%s'\n", source, message, expected);
        check_failures++;
    }
    for (const char *c = message; *c; c++) CHECK((unsigned char)*c >= 0x20 && *c != 0x7f);
}

static void refused(const char *source, const char *expected) {
    th_context *ctx = (th_context *)1;
    CHECK_ERR(th_context_open(source, NULL, &ctx), TH_ERR_FORMAT);
    CHECK(ctx == NULL);
    check_message(source, expected);
}

int main(void) {
#ifndef UNDER_ASAN
    /* Far above what a bounded read needs, far below what an unbounded one reached before it
     * aborted: an allocation past it fails at once instead of taking the machine's memory. */
    struct rlimit limit = {1024UL << 20, 1024UL << 20};
    CHECK(setrlimit(RLIMIT_AS, &limit) == 0);
#endif
    refused("replay:/dev/zero?format=evemu", "/dev/zero: larger than 16 MiB, the most an evemu recording may hold");
    refused("replay:/dev/zero?format=unistroke", "/dev/zero: larger than 16 MiB, the most a $1 log may hold");
    refused("replay:/dev/zero?format=script", "/dev/zero: larger than 16 MiB, the most a touch script may hold");
    refused("replay:/dev/zero?format=threc", "/dev/zero: line 1: longer than 1 MiB");

    /* A good events file whose description (desc=) is endless. */
    char events[] = "/tmp/touchhost-bounded-XXXXXX";
    int fd = mkstemp(events);
    CHECK(fd >= 0);
    const char *text = "E: 0.000000 0003 0039 1\nE: 0.000000 0003 0035 10\nE: 0.000000 0000 0000 0\n"
                       "E: 0.050000 0003 0039 -1\nE: 0.050000 0000 0000 0\n";
    CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
    char source[128];
    snprintf(source, sizeof source, "replay:%s?format=evemu&desc=/dev/zero", events);
    refused(source, "/dev/zero: larger than 16 MiB, the most an evemu description may hold");
    unlink(events);

#ifndef UNDER_ASAN
    /* VmHWM is this program's own peak: getrusage's ru_maxrss survives exec, so a program started
     * by a large test process (forked, then exec'd) reports that process's peak instead
     * (AddressSanitizer's shadow and quarantine make either meaningless there). */
    FILE *status = fopen("/proc/self/status", "r");
    CHECK(status != NULL);
    long peak_kib = -1;
    char line[256];
    while (status && fgets(line, sizeof line, status))
        if (sscanf(line, "VmHWM: %ld kB", &peak_kib) == 1) break;
    if (status) fclose(status);
    CHECK(peak_kib > 0);
    if (peak_kib > 200 * 1024) {
        fprintf(stderr, "peak resident set %ld KiB, over 200 MiB\n", peak_kib);
        check_failures++;
    }
#endif
    return check_finish("bounded_replay");
}
