#ifndef CMTDEV_SHIM_H
#define CMTDEV_SHIM_H

// A thin bridge to mtdev for the identity comparison: it feeds synthetic protocol A frames (no
// kernel device) and keeps the protocol B slot table mtdev's output describes.

#ifdef __cplusplus
extern "C" {
#endif

#define CMTDEV_MAX_SLOTS 32

typedef struct cmtdev_slot {
    int tracking_id; // -1 when the slot is empty
    int x;
    int y;
} cmtdev_slot;

typedef struct cmtdev_session cmtdev_session;

/// mtdev_new + mtdev_init, with ABS_MT_POSITION_X/Y in 0...max_x, 0...max_y (what a device's
/// absinfo would say). NULL when mtdev cannot allocate.
cmtdev_session *cmtdev_create(int max_x, int max_y);
void cmtdev_destroy(cmtdev_session *session);

/// One protocol A frame: for each contact ABS_MT_POSITION_X, ABS_MT_POSITION_Y, SYN_MT_REPORT,
/// then SYN_REPORT; then drains every event mtdev produced (mtdev_get_event) into the slot table.
/// `xy` holds 2 * count ints. Returns how many events were drained.
int cmtdev_feed(cmtdev_session *session, const int *xy, int count, long time_usec);

/// The slot table after the last frame; CMTDEV_MAX_SLOTS entries.
const cmtdev_slot *cmtdev_slots(const cmtdev_session *session);

#ifdef __cplusplus
}
#endif

#endif
