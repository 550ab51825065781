/* The library reads and writes the header's structs by byte offset (Sources/TouchHostC/
 * CStructLayout.swift); this pins the C compiler's layout to those offsets. */
#include <stddef.h>
#include "check.h"

#define AT(type, field, offset) CHECK(offsetof(type, field) == (offset))

int main(void) {
    CHECK(sizeof(th_context_options) == 40);
    AT(th_context_options, max_events, 4);
    AT(th_context_options, panel_width_mm, 8);
    AT(th_context_options, panel_height_mm, 16);
    AT(th_context_options, report_rate_hz, 24);
    AT(th_context_options, event_mask, 28);
    AT(th_context_options, baud, 32);

    CHECK(sizeof(th_recognizer_params) == 112);
    AT(th_recognizer_params, kind, 4);
    AT(th_recognizer_params, region, 8);
    AT(th_recognizer_params, flags, 12);
    AT(th_recognizer_params, taps, 16);
    AT(th_recognizer_params, touches, 20);
    AT(th_recognizer_params, max_touches, 24);
    AT(th_recognizer_params, directions, 28);
    AT(th_recognizer_params, edges, 32);
    AT(th_recognizer_params, duration_us, 40);
    AT(th_recognizer_params, max_tap_interval_us, 48);
    AT(th_recognizer_params, allowable_movement_mm, 56);
    AT(th_recognizer_params, max_tap_distance_mm, 64);
    AT(th_recognizer_params, start_distance_mm, 72);
    AT(th_recognizer_params, min_distance_mm, 80);
    AT(th_recognizer_params, min_speed_mm_s, 88);
    AT(th_recognizer_params, angle_tolerance_rad, 96);
    AT(th_recognizer_params, edge_band_mm, 104);

    CHECK(sizeof(th_gesture_values) == 144);
    AT(th_gesture_values, taps, 4);
    AT(th_gesture_values, duration_us, 8);
    AT(th_gesture_values, translation_x, 16);
    AT(th_gesture_values, translation_y, 24);
    AT(th_gesture_values, velocity_x, 32);
    AT(th_gesture_values, velocity_y, 40);
    AT(th_gesture_values, scale, 48);
    AT(th_gesture_values, rate, 56);
    AT(th_gesture_values, rotation, 64);
    AT(th_gesture_values, direction, 72);
    AT(th_gesture_values, edge, 76);
    AT(th_gesture_values, vertex_x, 80);
    AT(th_gesture_values, vertex_y, 88);
    AT(th_gesture_values, center_x, 96);
    AT(th_gesture_values, center_y, 104);
    AT(th_gesture_values, radius, 112);
    AT(th_gesture_values, length, 120);
    AT(th_gesture_values, samples, 128);
    AT(th_gesture_values, template_index, 132);
    AT(th_gesture_values, score, 136);

    CHECK(sizeof(th_touch) == 56);
    AT(th_touch, id, 0);
    AT(th_touch, slot, 4);
    AT(th_touch, phase, 8);
    AT(th_touch, x, 16);
    AT(th_touch, y, 24);
    AT(th_touch, start_x, 32);
    AT(th_touch, start_y, 40);
    AT(th_touch, start_time_us, 48);

    CHECK(sizeof(th_device_info) == 80);
    AT(th_device_info, protocol_version, 4);
    AT(th_device_info, firmware_major, 8);
    AT(th_device_info, max_contacts, 20);
    AT(th_device_info, report_rate_hz, 24);
    AT(th_device_info, panel_width_mm, 32);
    AT(th_device_info, panel_height_mm, 40);
    AT(th_device_info, board, 48);

    CHECK(sizeof(th_custom_recognizer) == 64);
    AT(th_custom_recognizer, touches_began, 8);
    AT(th_custom_recognizer, touches_moved, 16);
    AT(th_custom_recognizer, touches_ended, 24);
    AT(th_custom_recognizer, touches_cancelled, 32);
    AT(th_custom_recognizer, deadline_reached, 40);
    AT(th_custom_recognizer, reset, 48);
    AT(th_custom_recognizer, destroy, 56);
    CHECK(sizeof(th_point) == 16);

    /* The _init functions set struct_size to the size this header declares. */
    th_context_options o;
    th_context_options_init(&o);
    CHECK(o.struct_size == sizeof o && o.event_mask == TH_EVENT_MASK_ALL);
    th_recognizer_params p;
    CHECK_OK(th_recognizer_params_init(&p, TH_GESTURE_SWIPE));
    CHECK(p.struct_size == sizeof p && p.kind == TH_GESTURE_SWIPE && p.directions == TH_DIRECTION_ANY);
    CHECK(p.flags == TH_RECOGNIZER_DEFAULT_FLAGS);
    th_gesture_values v;
    th_gesture_values_init(&v);
    CHECK(v.struct_size == sizeof v && v.scale == 1.0);
    th_custom_recognizer c;
    th_custom_recognizer_init(&c);
    CHECK(c.struct_size == sizeof c && c.touches_began == NULL);
    return check_finish("layout");
}
