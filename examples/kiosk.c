/*
 * kiosk.c - a kiosk screen on libtouchhost: a map that pans and pinches, above a bar of four
 * buttons that take taps. It prints what the user did, one line per action.
 *
 *   cc kiosk.c $(pkg-config --cflags --libs touchhost) -o kiosk
 *   ./kiosk /dev/ttyUSB0            a controller on a serial port
 *   ./kiosk /dev/pts/7 10           the pty `touchhost emulate` printed; stop after 10 s
 *   ./kiosk tcp:localhost:7000
 *
 * Layout: the button bar is the bottom 34 mm of the panel, the map everything above it.
 */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <touchhost.h>

#define BAR_HEIGHT 34.0
#define BUTTONS 4

static volatile sig_atomic_t stopping = 0;
static void stop(int signal_number) { (void)signal_number; stopping = 1; }

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int fail(const char *what, th_error error) {
    fprintf(stderr, "kiosk: %s: %s (%s)\n", what, th_strerror(error), th_get_last_error());
    return 1;
}

/* One recognizer of `kind` that sees only the touches of `region`. */
static th_error add(th_context *ctx, const char *name, th_gesture_kind kind, th_region region,
                    th_recognizer *out) {
    th_recognizer_params params;
    th_error error = th_recognizer_params_init(&params, kind);
    if (error != TH_OK) return error;
    params.region = region;
    return th_context_add_recognizer(ctx, name, &params, out);
}

/* The panel's size, from the device's description: dispatch until it has sent one. */
static th_error wait_for_device(th_context *ctx, th_device_info *info, double timeout) {
    double end = seconds_now() + timeout;
    info->struct_size = sizeof *info;
    while (seconds_now() < end && !stopping) {
        struct pollfd p = {th_context_get_fd(ctx), POLLIN, 0};
        if (poll(&p, 1, 100) > 0) {
            th_error error = th_context_dispatch(ctx);
            if (error != TH_OK) return error;
        }
        if (th_context_get_device_info(ctx, info) == TH_OK) return TH_OK;
    }
    return TH_ERR_AGAIN;
}

static void show(th_event *event, double panel_width) {
    const char *name = "";
    th_gesture_state state;
    double x = 0, y = 0;
    th_event_gesture_get_name(event, &name);
    th_event_gesture_get_state(event, &state);
    th_event_gesture_get_position(event, &x, &y);
    if (strcmp(name, "button") == 0) {
        int button = (int)(x / (panel_width / BUTTONS)) + 1;
        printf("button %d\n", button > BUTTONS ? BUTTONS : button);
    } else if (strcmp(name, "map-pan") == 0) {
        double dx = 0, dy = 0;
        th_event_gesture_get_translation(event, &dx, &dy);
        if (state == TH_GESTURE_BEGAN) printf("map pan began\n");
        if (state == TH_GESTURE_ENDED) printf("map pan ended, moved %.1f %.1f mm\n", dx, dy);
    } else if (strcmp(name, "map-zoom") == 0) {
        double scale = 1;
        th_event_gesture_get_scale(event, &scale);
        if (state == TH_GESTURE_BEGAN) printf("map zoom began\n");
        if (state == TH_GESTURE_ENDED) printf("map zoom ended, scale %.2f\n", scale);
    }
    fflush(stdout);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: kiosk PORT [SECONDS]\n");
        return 2;
    }
    double limit = argc > 2 ? atof(argv[2]) : 0;
    signal(SIGINT, stop);
    signal(SIGTERM, stop);

    th_context *ctx = NULL;
    th_error error = th_context_open(argv[1], NULL, &ctx);
    if (error != TH_OK) return fail(argv[1], error);

    th_device_info info;
    error = wait_for_device(ctx, &info, 10);
    if (error != TH_OK) {
        th_context_destroy(ctx);
        return fail("waiting for the device to describe itself", error);
    }
    double width = info.panel_width_mm, height = info.panel_height_mm;
    printf("kiosk: %s, %.0f x %.0f mm\n", info.board, width, height);

    th_region map = 0, bar = 0;
    th_recognizer pan = -1, zoom = -1;
    if ((error = th_context_add_region(ctx, 0, 0, width, height - BAR_HEIGHT, 0, 0, &map)) != TH_OK ||
        (error = th_context_add_region(ctx, 0, height - BAR_HEIGHT, width, BAR_HEIGHT, 0, 0, &bar)) != TH_OK ||
        (error = add(ctx, "map-pan", TH_GESTURE_PAN, map, &pan)) != TH_OK ||
        (error = add(ctx, "map-zoom", TH_GESTURE_PINCH, map, &zoom)) != TH_OK ||
        (error = th_context_allow_simultaneous(ctx, pan, zoom)) != TH_OK ||
        (error = add(ctx, "button", TH_GESTURE_TAP, bar, NULL)) != TH_OK) {
        th_context_destroy(ctx);
        return fail("configuring gestures", error);
    }
    printf("kiosk: ready\n");
    fflush(stdout);

    int status = 0;
    double end = seconds_now() + limit;
    while (!stopping && (limit <= 0 || seconds_now() < end)) {
        struct pollfd p = {th_context_get_fd(ctx), POLLIN, 0};
        if (poll(&p, 1, 100) <= 0) continue;
        error = th_context_dispatch(ctx);
        th_event *event = NULL;
        while (th_context_get_event(ctx, &event) == TH_OK) {
            if (th_event_get_type(event) == TH_EVENT_GESTURE) show(event, width);
            th_event_destroy(event);
        }
        if (error == TH_ERR_DISCONNECTED) {
            printf("kiosk: %s went away\n", argv[1]);
            break;
        }
        if (error != TH_OK) {
            status = fail("dispatch", error);
            break;
        }
    }
    th_context_destroy(ctx);
    return status;
}
