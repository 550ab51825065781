/* Shape and palms through the C API (docs/c-api.md, docs/ghosts.md): opens SOURCE (an emulated
 * kiosk-15 playing fixtures/palm_beside_tap.touch), sets th_context_set_palms() to POLICY
 * (suppress or report) and reads every touch's ellipse and palm flag and every palm status's
 * position until the emulator hangs up. It checks what the policy promises:
 *  - suppress: one touch, the finger, not flagged; a palm began/ended pair near the palm;
 *  - report: the palm as a flagged touch too, its minor axis palm-sized;
 * and in both the finger's shape within 1.5 mm of 12 x 8 mm (its first scans are still averaging),
 * and that only palm statuses have a position. Prints one line per touch-down and palm status. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static const double palm_x = 120, palm_y = 100, finger_x = 180, finger_y = 105;

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: palm_shape SOURCE suppress|report\n");
        return 2;
    }
    int report = strcmp(argv[2], "report") == 0;
    th_context *ctx = NULL;
    th_error opened = th_context_open(argv[1], NULL, &ctx);
    if (opened != TH_OK) {
        fprintf(stderr, "open %s: %s: %s\n", argv[1], th_strerror(opened), th_get_last_error());
        return 1;
    }
    CHECK_ERR(th_context_set_palms(ctx, (th_palms)7), TH_ERR_INVALID_ARGUMENT);
    CHECK_ERR(th_context_set_palms(NULL, TH_PALMS_REPORT), TH_ERR_INVALID_HANDLE);
    CHECK_OK(th_context_set_palms(ctx, report ? TH_PALMS_REPORT : TH_PALMS_SUPPRESS));
    CHECK_OK(th_context_add_recognizer_set(ctx, "kiosk"));
    int fd = th_context_get_fd(ctx);
    CHECK(fd >= 0);

    int fingers = 0, palms = 0, palm_began = 0, palm_ended = 0, taps = 0, other_statuses = 0;
    double finger_major = 0, finger_minor = 0, palm_minor = 0;
    th_error result = TH_OK;
    for (int waited_ms = 0; waited_ms < 20000 && result == TH_OK;) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 100) == 0) {
            waited_ms += 100;
            continue;
        }
        result = th_context_dispatch(ctx);
        th_event *ev = NULL;
        while (th_context_get_event(ctx, &ev) == TH_OK) {
            switch (th_event_get_type(ev)) {
            case TH_EVENT_TOUCH: {
                th_touch_phase phase;
                int palm = -1;
                double major = 0, minor = 0, orientation = 0, x = 0, y = 0;
                CHECK_OK(th_event_touch_get_phase(ev, &phase));
                CHECK_OK(th_event_touch_get_palm(ev, &palm));
                CHECK_OK(th_event_touch_get_shape(ev, &major, &minor, &orientation));
                CHECK_OK(th_event_touch_get_position(ev, &x, &y));
                CHECK_ERR(th_event_touch_get_shape(ev, NULL, &minor, &orientation), TH_ERR_INVALID_ARGUMENT);
                CHECK_ERR(th_event_status_get_position(ev, &x, &y), TH_ERR_WRONG_EVENT_TYPE);
                if (palm) {
                    if (phase == TH_TOUCH_BEGAN) {
                        palms++;
                        printf("palm touch at %.1f, %.1f\n", x, y);
                    }
                    palm_minor = minor;
                } else {
                    if (phase == TH_TOUCH_BEGAN) {
                        fingers++;
                        printf("finger at %.1f, %.1f\n", x, y);
                        CHECK(fabs(x - finger_x) <= 2 && fabs(y - finger_y) <= 2);
                    }
                    finger_major = major;
                    finger_minor = minor;
                }
                break;
            }
            case TH_EVENT_GESTURE: {
                const char *name = NULL;
                th_gesture_state state;
                CHECK_OK(th_event_gesture_get_name(ev, &name));
                CHECK_OK(th_event_gesture_get_state(ev, &state));
                if (strcmp(name, "tap") == 0 && state == TH_GESTURE_RECOGNIZED) taps++;
                break;
            }
            case TH_EVENT_STATUS: {
                th_status_kind kind;
                double x = 0, y = 0;
                CHECK_OK(th_event_status_get_kind(ev, &kind));
                if (kind == TH_STATUS_PALM_BEGAN || kind == TH_STATUS_PALM_ENDED) {
                    CHECK_OK(th_event_status_get_position(ev, &x, &y));
                    CHECK_ERR(th_event_status_get_position(ev, &x, NULL), TH_ERR_INVALID_ARGUMENT);
                    printf("palm %s at %.1f, %.1f\n", kind == TH_STATUS_PALM_BEGAN ? "began" : "ended", x, y);
                    CHECK(hypot(x - palm_x, y - palm_y) <= 8);
                    if (kind == TH_STATUS_PALM_BEGAN) palm_began++; else palm_ended++;
                } else {
                    CHECK_ERR(th_event_status_get_position(ev, &x, &y), TH_ERR_NOT_AVAILABLE);
                    other_statuses++;
                }
                break;
            }
            default:
                break;
            }
            th_event_destroy(ev);
        }
    }
    CHECK_ERR(result, TH_ERR_DISCONNECTED);
    CHECK(other_statuses >= 1); /* the disconnect at the script's end */
    CHECK(fingers == 1);
    CHECK(palm_began == 1 && palm_ended == 1);
    CHECK(palms == (report ? 1 : 0));
    if (report) CHECK(palm_minor >= 27);
    /* The tap beside the palm is a tap only when the palm is no touch. */
    if (!report) CHECK(taps == 1);
    CHECK(fabs(finger_major - 12) <= 1.5 && fabs(finger_minor - 8) <= 1.5);
    printf("finger %.1f x %.1f mm, %d palm touches, taps %d\n", finger_major, finger_minor, palms, taps);
    CHECK_OK(th_context_destroy(ctx));
    return check_finish("palm_shape");
}
