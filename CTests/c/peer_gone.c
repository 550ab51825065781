/* A TCP controller that hangs up at once: commands sent afterwards fail with an error, and the
 * write that finds the connection gone does not kill the process with SIGPIPE. argv[1] is the
 * tcp: source. */
#define _POSIX_C_SOURCE 200809L
#include <time.h>
#include "check.h"

static void nap(void) {
    struct timespec t = {0, 100 * 1000 * 1000};
    nanosleep(&t, NULL);
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    th_context *ctx = NULL;
    CHECK_OK(th_context_open(argv[1], NULL, &ctx));
    th_error last = TH_OK;
    for (int i = 0; i < 10 && last == TH_OK; i++) {
        nap();
        last = th_context_send_command(ctx, TH_COMMAND_GET_INFO, 0);
    }
    CHECK(last == TH_ERR_DISCONNECTED || last == TH_ERR_IO);
    CHECK_ERR(th_context_dispatch(ctx), TH_ERR_DISCONNECTED);
    CHECK_OK(th_context_destroy(ctx));
    return check_finish("peer_gone");
}
