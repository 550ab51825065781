/* A device context learns the controller's description and sends it commands: argv[1] is the
 * port. The controller (played by the test) checks the commands arrive and answers the
 * recalibration with a status, which comes out as an event. */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <string.h>
#include "check.h"

static th_error pump(th_context *ctx, int rounds) {
    th_error result = TH_OK;
    for (int i = 0; i < rounds && result == TH_OK; i++) {
        struct pollfd p = {th_context_get_fd(ctx), POLLIN, 0};
        if (poll(&p, 1, 50) > 0) result = th_context_dispatch(ctx);
    }
    return result;
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    th_context *ctx = NULL;
    CHECK_OK(th_context_open(argv[1], NULL, &ctx));
    th_device_info info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    CHECK_ERR(th_context_get_device_info(ctx, &info), TH_ERR_AGAIN);
    for (int i = 0; i < 200 && th_context_get_device_info(ctx, &info) != TH_OK; i++) pump(ctx, 1);
    CHECK(strcmp(info.board, "fake-345") == 0);
    CHECK(info.panel_width_mm > 344.9 && info.panel_width_mm < 345.1);
    CHECK(info.panel_height_mm > 193.9 && info.panel_height_mm < 194.1);
    CHECK(info.report_rate_hz == 120 && info.max_contacts == 10 && info.firmware_major == 1);

    CHECK_ERR(th_context_send_command(ctx, TH_COMMAND_SET_REPORT_RATE, 0), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_send_command(ctx, TH_COMMAND_SET_MODE, 9), TH_ERR_INVALID_ARGUMENT);
    CHECK_OK(th_context_send_command(ctx, TH_COMMAND_SET_REPORT_RATE, 60));
    CHECK_OK(th_context_send_command(ctx, TH_COMMAND_RECALIBRATE, 0));

    int recalibrated = 0;
    th_error result = TH_OK;
    for (int i = 0; i < 400 && result == TH_OK; i++) {
        result = pump(ctx, 1);
        th_event *ev = NULL;
        while (th_context_get_event(ctx, &ev) == TH_OK) {
            th_status_kind kind;
            if (th_event_get_type(ev) == TH_EVENT_STATUS && th_event_status_get_kind(ev, &kind) == TH_OK &&
                kind == TH_STATUS_RECALIBRATED)
                recalibrated++;
            th_event_destroy(ev);
        }
    }
    CHECK(recalibrated == 1);
    CHECK_ERR(result, TH_ERR_DISCONNECTED);
    CHECK_ERR(th_context_send_command(ctx, TH_COMMAND_RESET, 0), TH_ERR_DISCONNECTED);
    CHECK_OK(th_context_destroy(ctx));
    return check_finish("device_commands");
}
