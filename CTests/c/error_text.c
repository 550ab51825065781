/* th_get_last_error quotes the caller's own strings (a source, a path, an option, a board name):
 * whatever they hold, the message carries no control character, so an application that logs it to
 * a terminal cannot be driven by it (issue 26: raw ESC bytes came through from a source string). */
#include <string.h>
#include "check.h"

/* True when `text` holds a C0 control character, DEL, or a C1 control in UTF-8 (0xC2 0x80-0x9F). */
static int has_control(const char *text) {
    const unsigned char *p = (const unsigned char *)text;
    for (; *p; p++) {
        if (*p < 0x20 || *p == 0x7F) return 1;
        if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) return 1;
    }
    return 0;
}

static void refused_without_control(const char *source) {
    th_context *ctx = NULL;
    th_error got = th_context_open(source, NULL, &ctx);
    const char *message = th_get_last_error();
    if (got == TH_OK || ctx != NULL) {
        fprintf(stderr, "opened what should be refused\n");
        check_failures++;
        if (ctx) th_context_destroy(ctx);
        return;
    }
    if (message[0] == '\0' || has_control(message)) {
        fprintf(stderr, "error %d for a source with control characters: [", (int)got);
        for (const unsigned char *p = (const unsigned char *)message; *p; p++) {
            fprintf(stderr, (*p < 0x20 || *p >= 0x7F) ? "<%02x>" : "%c", *p);
        }
        fprintf(stderr, "]\n");
        check_failures++;
    }
    /* The escape is shown, not dropped: the reader still sees what was given. */
    if (strstr(message, "\\u{1B}") == NULL) {
        fprintf(stderr, "the escape is not shown as \\u{1B}: %s\n", message);
        check_failures++;
    }
}

int main(void) {
    refused_without_control("/dev/touchhost-\x1b[31mno-such-port");
    refused_without_control("replay:/touchhost/no/such/\x1b]0;title\x07.touch");
    refused_without_control("replay:/touchhost/no/such.touch?format=\x1b[2J");
    refused_without_control("replay:/touchhost/no/such.touch?\x1b[1mspeed=2");
    refused_without_control("emulate:\x1b[2Jno-such-board");
    refused_without_control("emulate:kiosk-15?\x1b[5mspeed=2");
    refused_without_control("tcp:localhost:\x1b[31m");
    refused_without_control("tcp:\x1b[31mhost:1");
    refused_without_control("/dev/ttyS0?protocol=\x1b[31melo");
    refused_without_control("/dev/ttyS0?baud=\x1b[31m9600");
    refused_without_control("/dev/ttyS0?size=\x1b[31m300x200");
    refused_without_control("\x1b[31mnoscheme:thing");
    refused_without_control("replay:/touchhost/no/such.touch\n\x1b[31mforged line");
    return check_finish("error_text");
}
