#include "CMtdevShim.h"

#include <mtdev.h>
#include <mtdev-plumbing.h>
#include <stdlib.h>
#include <string.h>

struct cmtdev_session {
    struct mtdev *dev;
    int current_slot;
    cmtdev_slot slots[CMTDEV_MAX_SLOTS];
};

static void put(struct mtdev *dev, struct timeval time, int type, int code, int value) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.input_event_sec = time.tv_sec;
    event.input_event_usec = time.tv_usec;
    event.type = (unsigned short)type;
    event.code = (unsigned short)code;
    event.value = value;
    mtdev_put_event(dev, &event);
}

cmtdev_session *cmtdev_create(int max_x, int max_y) {
    cmtdev_session *session = calloc(1, sizeof *session);
    if (!session) return NULL;
    session->dev = mtdev_new();
    if (!session->dev || mtdev_init(session->dev) != 0) {
        if (session->dev) mtdev_delete(session->dev);
        free(session);
        return NULL;
    }
    // No kernel device to read capabilities from, so they are set by hand (mtdev-plumbing.h).
    session->dev->caps.has_mtdata = 1;
    mtdev_set_mt_event(session->dev, ABS_MT_POSITION_X, 1);
    mtdev_set_mt_event(session->dev, ABS_MT_POSITION_Y, 1);
    mtdev_set_abs_minimum(session->dev, ABS_MT_POSITION_X, 0);
    mtdev_set_abs_maximum(session->dev, ABS_MT_POSITION_X, max_x);
    mtdev_set_abs_minimum(session->dev, ABS_MT_POSITION_Y, 0);
    mtdev_set_abs_maximum(session->dev, ABS_MT_POSITION_Y, max_y);
    for (int slot = 0; slot < CMTDEV_MAX_SLOTS; slot++) session->slots[slot].tracking_id = -1;
    return session;
}

void cmtdev_destroy(cmtdev_session *session) {
    if (!session) return;
    mtdev_close_delete(session->dev);
    free(session);
}

static void apply(cmtdev_session *session, const struct input_event *event) {
    if (event->type != EV_ABS) return;
    if (event->code == ABS_MT_SLOT) {
        session->current_slot = event->value;
        return;
    }
    if (session->current_slot < 0 || session->current_slot >= CMTDEV_MAX_SLOTS) return;
    cmtdev_slot *slot = &session->slots[session->current_slot];
    switch (event->code) {
    case ABS_MT_TRACKING_ID: slot->tracking_id = event->value; break;
    case ABS_MT_POSITION_X: slot->x = event->value; break;
    case ABS_MT_POSITION_Y: slot->y = event->value; break;
    default: break;
    }
}

int cmtdev_feed(cmtdev_session *session, const int *xy, int count, long time_usec) {
    struct timeval time = { .tv_sec = time_usec / 1000000, .tv_usec = time_usec % 1000000 };
    for (int contact = 0; contact < count; contact++) {
        put(session->dev, time, EV_ABS, ABS_MT_POSITION_X, xy[2 * contact]);
        put(session->dev, time, EV_ABS, ABS_MT_POSITION_Y, xy[2 * contact + 1]);
        put(session->dev, time, EV_SYN, SYN_MT_REPORT, 0);
    }
    // Protocol A says "no contacts" with a lone SYN_MT_REPORT; a bare SYN_REPORT would say nothing.
    if (count == 0) put(session->dev, time, EV_SYN, SYN_MT_REPORT, 0);
    put(session->dev, time, EV_SYN, SYN_REPORT, 0);
    int drained = 0;
    while (!mtdev_empty(session->dev)) {
        struct input_event event;
        mtdev_get_event(session->dev, &event);
        apply(session, &event);
        drained++;
    }
    return drained;
}

const cmtdev_slot *cmtdev_slots(const cmtdev_session *session) {
    return session->slots;
}
