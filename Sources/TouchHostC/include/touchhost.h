/*
 * touchhost.h - the C API of libtouchhost, the touchhost kiosk touchscreen stack.
 *
 * A context reads one touch source (a serial port, a TCP link, a recording, or touches the
 * application feeds itself), runs it through the tracker and the gesture recognizers, and queues
 * typed events. The application polls the context's file descriptor, calls th_context_dispatch()
 * when it is readable, and takes the events one at a time with th_context_get_event().
 *
 * Conventions (docs/c-api.md has the long form):
 *  - Every function that can fail returns a th_error: TH_OK (0) or a negative code. Out-parameters
 *    are written only on TH_OK, except that pointer out-parameters are set to NULL on failure.
 *    Besides the errors each function lists, every function taking a handle can return
 *    TH_ERR_INVALID_HANDLE and TH_ERR_WRONG_THREAD ("handle and thread errors"), and a NULL
 *    required pointer gives TH_ERR_INVALID_ARGUMENT. A failed call (but a dispatch reporting a
 *    disconnect, which queues its events first) changes nothing but the
 *    last-error messages (a custom recognizer that failed to be added is not destroyed).
 *  - Handles (th_context, th_event, th_custom_context) are opaque tokens checked against a
 *    registry of live handles before use: NULL, a released handle or a handle of another kind
 *    gives TH_ERR_INVALID_HANDLE, never a crash. They are not pointers to memory; do not
 *    dereference them.
 *  - Thread rule: a context, and every event taken from it, belongs to the thread that created the
 *    context. Calls from any other thread return TH_ERR_WRONG_THREAD and change nothing. Threads
 *    are told apart by a number each gets on its first call, never reused (since 0.2: not by
 *    pthread_t, which a new thread may inherit from one that ended).
 *    th_version(), th_strerror(), th_get_last_error() and the *_init() helpers may be called from
 *    any thread. A context whose owner thread has exited is adopted by the next thread that calls
 *    it (with its events), so it can still be destroyed and its port released (since 0.3).
 *  - Signals: no touchhost function is async-signal-safe; do not call them from a signal handler.
 *    A call that interrupts another touchhost call on the same thread (a handler that calls in
 *    anyway) returns TH_ERR_BUSY at once, without touching any lock, context or last error,
 *    instead of deadlocking or aborting (since 0.3).
 *  - Units: millimetres from the panel's top-left corner (x right, y down); microseconds for time;
 *    radians, clockwise on screen positive, for angles.
 *  - Enums have explicit values; new values may be added in later versions, so a switch over
 *    them needs a default branch. Structs that grow start with struct_size: fill them with their
 *    *_init() function.
 *  - Every function is available since 0.1 unless its comment says otherwise.
 */
#ifndef TOUCHHOST_H
#define TOUCHHOST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TOUCHHOST_VERSION_MAJOR 0
#define TOUCHHOST_VERSION_MINOR 3
#define TOUCHHOST_VERSION_PATCH 0

/* ------------------------------------------------------------------------------------------ */
/* Handles                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** A touch source with its tracker, recognizers and event queue. */
typedef struct th_context th_context;
/** One queued event; release it with th_event_destroy(). */
typedef struct th_event th_event;
/** What a custom recognizer's callback sees of its recognizer; valid only during the callback. */
typedef struct th_custom_context th_custom_context;

/** A recognizer's number in its context, in the order recognizers were added (0, 1, ...). Since
 *  0.3 an add after a removal may get a larger number (see "Run-time configuration"). */
typedef int32_t th_recognizer;
/** A region's number in its context; 0 is the whole panel, added regions count from 1 (since
 *  0.3, as recognizer numbers, larger after a removal). */
typedef int32_t th_region;

/* ------------------------------------------------------------------------------------------ */
/* Errors                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** The result of a call. A closed set: later versions keep these values and their meaning. */
typedef enum th_error {
    TH_OK = 0,
    /** A NULL pointer, an out-of-range number or a malformed string was passed. */
    TH_ERR_INVALID_ARGUMENT = -1,
    /** The handle is NULL, released, or not a handle of the kind the function takes. */
    TH_ERR_INVALID_HANDLE = -2,
    /** The call came from a thread other than the one that created the context. */
    TH_ERR_WRONG_THREAD = -3,
    /** An event accessor was called on an event of another type. */
    TH_ERR_WRONG_EVENT_TYPE = -4,
    /** The event does not carry this value (a scale asked of a tap, a region of a raw touch). */
    TH_ERR_NOT_AVAILABLE = -5,
    /** No event is waiting. Not a failure: poll the fd and dispatch again. */
    TH_ERR_AGAIN = -6,
    /** The operation does not apply to this context's source (feeding touches to a port). */
    TH_ERR_NOT_SUPPORTED = -7,
    /** A fixed capacity is used up (recognizers, regions, templates). */
    TH_ERR_CAPACITY = -8,
    /** No such port, file, board, recognizer name or template. */
    TH_ERR_NOT_FOUND = -9,
    /** The operating system refused (open, read, write); the last-error message says why. */
    TH_ERR_IO = -10,
    /** The device went away. */
    TH_ERR_DISCONNECTED = -11,
    /** A recording, script or template could not be read. */
    TH_ERR_FORMAT = -12,
    /** The context is running callbacks; a callback may not call into its own context. */
    TH_ERR_BUSY = -13,
    /** Memory could not be allocated. */
    TH_ERR_NO_MEMORY = -14,
    /** A name is already in use in this context. */
    TH_ERR_EXISTS = -15,
    /** No touch controller answered in time (see TH_STATUS_NO_ANSWER). Since 0.2. */
    TH_ERR_TIMED_OUT = -16
} th_error;

/**
 * A short English description of an error code ("invalid handle").
 * @return a static string; "unknown error" for values outside th_error. Never NULL.
 * Thread: any.
 */
const char *th_strerror(th_error error);

/**
 * The message of the most recent failed call made by the calling thread, whichever context it
 * was on (use it when th_context_open() fails and there is no context to ask).
 * @return a thread-local string, valid until this thread's next failing call; "" when none.
 *         One line with no control character: what it quotes of the caller's strings (a source,
 *         a path) shows an escape or line feed as \u{1B} or \u{A}, so it may go to a terminal as it is.
 * Thread: any.
 */
const char *th_get_last_error(void);

/**
 * The library's version, "MAJOR.MINOR.PATCH".
 * @return a static string. Thread: any.
 */
const char *th_version(void);

/* ------------------------------------------------------------------------------------------ */
/* Enumerations                                                                                */
/* ------------------------------------------------------------------------------------------ */

typedef enum th_event_type {
    /** Returned by th_event_get_type() for an invalid handle; no event has this type. */
    TH_EVENT_NONE = 0,
    /** A tracked touch from the tracker (every touch, before recognizers). */
    TH_EVENT_TOUCH = 1,
    /** An action of a gesture recognizer. */
    TH_EVENT_GESTURE = 2,
    /** Something about the input itself: frames lost, a device reset, a disconnect. */
    TH_EVENT_STATUS = 3,
    /** A touch as delivered to the application behind a region (TH_REGION_DELIVER_TOUCHES). */
    TH_EVENT_REGION_TOUCH = 4
} th_event_type;

/** Bits for th_context_set_event_mask(): (1u << type). */
#define TH_EVENT_MASK(type) (1u << (unsigned)(type))
#define TH_EVENT_MASK_ALL 0xFFFFFFFEu

typedef enum th_touch_phase {
    TH_TOUCH_BEGAN = 0,
    TH_TOUCH_MOVED = 1,
    TH_TOUCH_STATIONARY = 2,
    TH_TOUCH_ENDED = 3,
    TH_TOUCH_CANCELLED = 4
} th_touch_phase;

/** What the application feeds for one contact, as a controller would report it. */
typedef enum th_contact_state {
    TH_CONTACT_DOWN = 0,
    TH_CONTACT_MOVE = 1,
    TH_CONTACT_UP = 2
} th_contact_state;

typedef enum th_gesture_kind {
    TH_GESTURE_TAP = 0,
    TH_GESTURE_LONG_PRESS = 1,
    TH_GESTURE_PAN = 2,
    TH_GESTURE_SWIPE = 3,
    TH_GESTURE_PINCH = 4,
    TH_GESTURE_ROTATION = 5,
    TH_GESTURE_EDGE_PAN = 6,
    TH_GESTURE_CHECKMARK = 7,
    TH_GESTURE_CIRCLE = 8,
    TH_GESTURE_BACKSLASH = 9,
    TH_GESTURE_CAPTURE = 10,
    TH_GESTURE_TEMPLATE = 11,
    TH_GESTURE_CUSTOM = 12
} th_gesture_kind;

/** The state a gesture action reports. Continuous gestures begin, change and end (or are
 *  cancelled); discrete ones send one `recognized`. */
typedef enum th_gesture_state {
    TH_GESTURE_BEGAN = 0,
    TH_GESTURE_CHANGED = 1,
    TH_GESTURE_ENDED = 2,
    TH_GESTURE_CANCELLED = 3,
    TH_GESTURE_RECOGNIZED = 4
} th_gesture_state;

/** A custom recognizer's state machine (UIKit's). ENDED is also `recognized` for discrete ones. */
typedef enum th_recognizer_state {
    TH_RECOGNIZER_POSSIBLE = 0,
    TH_RECOGNIZER_BEGAN = 1,
    TH_RECOGNIZER_CHANGED = 2,
    TH_RECOGNIZER_ENDED = 3,
    TH_RECOGNIZER_CANCELLED = 4,
    TH_RECOGNIZER_FAILED = 5
} th_recognizer_state;

typedef enum th_status_kind {
    /** `count` reports never arrived (a gap in sequence numbers). */
    TH_STATUS_FRAMES_LOST = 0,
    /** The decoder skipped `count` bytes to find the next frame. */
    TH_STATUS_RESYNC = 1,
    /** The controller restarted; `count` live touches were cancelled. */
    TH_STATUS_DEVICE_RESET = 2,
    /** The link went away; live touches and gestures were cancelled. th_event_status_get_detail()
     *  names the port and the cause. */
    TH_STATUS_DISCONNECTED = 3,
    /** A lost link was opened again and its controller described itself anew
     *  (TH_CONTEXT_RECONNECT); recognizers, regions and settings are the same. Since 0.2. */
    TH_STATUS_RECONNECTED = 4,
    /** `count` contacts beyond capacity were dropped. */
    TH_STATUS_OVERFLOW = 5,
    /** `count` duplicate contacts in one report were ignored. */
    TH_STATUS_DUPLICATE_CONTACT = 6,
    /** Reports stopped with `count` touches down for the report timeout: a stalled controller's
     *  touches (and their gestures) were cancelled; a legacy protocol's ended. */
    TH_STATUS_REPORT_TIMEOUT = 7,
    TH_STATUS_RECALIBRATED = 8,
    /** `count` messages from the device carried values it could not mean (a position that is not
     *  a finite number in range) and were ignored. */
    TH_STATUS_REJECTED = 9,
    /** A palm came down and is suppressed (or passed through, flagged); th_event_status_get_position()
     *  says where. Since 0.3. */
    TH_STATUS_PALM_BEGAN = 10,
    /** That palm lifted; th_event_status_get_position() says where it was last. Since 0.3. */
    TH_STATUS_PALM_ENDED = 11,
    /** The event queue was full: `count` events were dropped (see max_events). */
    TH_STATUS_QUEUE_OVERFLOW = 100,
    /** No touch controller described itself within 2 s of opening the port;
     *  th_event_status_get_detail() names the port, the baud rate and what came instead (nothing,
     *  text, bytes that are not touchhost frames). The context goes on asking. Since 0.2. */
    TH_STATUS_NO_ANSWER = 101
} th_status_kind;

/** Swipe directions; also bits of th_recognizer_params.directions. */
typedef enum th_direction {
    TH_DIRECTION_RIGHT = 1,
    TH_DIRECTION_LEFT = 2,
    TH_DIRECTION_UP = 4,
    TH_DIRECTION_DOWN = 8
} th_direction;
#define TH_DIRECTION_ANY 15u

/** Panel edges; also bits of th_recognizer_params.edges. */
typedef enum th_edge {
    TH_EDGE_TOP = 1,
    TH_EDGE_LEFT = 2,
    TH_EDGE_BOTTOM = 4,
    TH_EDGE_RIGHT = 8
} th_edge;
#define TH_EDGE_ANY 15u

typedef enum th_log_priority {
    TH_LOG_DEBUG = 10,
    TH_LOG_INFO = 20,
    /** Something went wrong that the library handles itself (a lost link it reopens). Since 0.2. */
    TH_LOG_WARNING = 25,
    TH_LOG_ERROR = 30
} th_log_priority;

/** Commands for th_context_send_command(). */
typedef enum th_command {
    /** Ask the device to describe itself again. `argument` unused. */
    TH_COMMAND_GET_INFO = 1,
    /** Restart the controller; live touches are cancelled. `argument` unused. */
    TH_COMMAND_RESET = 2,
    /** Re-measure the sensor baseline. `argument` unused. */
    TH_COMMAND_RECALIBRATE = 3,
    /** Reports per second, `argument` 1..65535. */
    TH_COMMAND_SET_REPORT_RATE = 4,
    /** Which streams the device sends: `argument` 1 contacts, 2 heatmap, 3 both, 4 gestures. */
    TH_COMMAND_SET_MODE = 5
} th_command;

/* ------------------------------------------------------------------------------------------ */
/* Plain data                                                                                  */
/* ------------------------------------------------------------------------------------------ */

typedef struct th_point {
    double x;
    double y;
} th_point;

/** A touch as a custom recognizer sees it. */
typedef struct th_touch {
    uint32_t id;          /**< tracking id: unique for the context, never reused, never 0 */
    uint32_t slot;        /**< the slot it occupies while live */
    uint32_t phase;       /**< th_touch_phase */
    uint32_t reserved;
    double x, y;          /**< where it is now, mm */
    double start_x, start_y; /**< where it went down, mm */
    int64_t start_time_us;
} th_touch;

/** Every value a gesture can carry; each kind fills the fields docs/c-api.md lists for it. */
typedef struct th_gesture_values {
    uint32_t struct_size;
    uint32_t taps;            /**< tap */
    int64_t duration_us;      /**< long-press */
    double translation_x;     /**< pan, edge-pan: centroid movement since touch-down, mm */
    double translation_y;
    double velocity_x;        /**< pan, edge-pan: mm/s */
    double velocity_y;
    double scale;             /**< pinch: distance now / distance when the second touch went down */
    double rate;              /**< pinch: scale/s; rotation: rad/s */
    double rotation;          /**< rotation: radians, clockwise positive */
    uint32_t direction;       /**< swipe: th_direction */
    uint32_t edge;            /**< edge-pan: th_edge */
    double vertex_x;          /**< checkmark */
    double vertex_y;
    double center_x;          /**< circle */
    double center_y;
    double radius;            /**< circle, mm */
    double length;            /**< backslash, mm */
    uint32_t samples;         /**< capture */
    uint32_t template_index;  /**< template: index in the order template names were added */
    double score;             /**< template: 0..1 */
} th_gesture_values;

/** Fills `values` with neutral values (scale 1, everything else 0). Thread: any. */
void th_gesture_values_init(th_gesture_values *values);

/* ------------------------------------------------------------------------------------------ */
/* Contexts                                                                                    */
/* ------------------------------------------------------------------------------------------ */

typedef struct th_context_options {
    uint32_t struct_size;
    /** Events the queue holds before it drops the newest (and queues TH_STATUS_QUEUE_OVERFLOW).
     *  0 means 4096. */
    uint32_t max_events;
    /** Panel size in mm. 0 means the device's size where it reports one, else 345 x 194. */
    double panel_width_mm;
    double panel_height_mm;
    /** Expected reports per second; sets the tracker's report timeout. 0 means the device's,
     *  else 120. */
    uint32_t report_rate_hz;
    /** Which event types are queued, TH_EVENT_MASK bits. th_context_options_init sets all. */
    uint32_t event_mask;
    /** Serial ports: baud rate; 0 means the port string's `?baud=` or 115200. */
    uint32_t baud;
    /** TH_CONTEXT_* bits; 0 for none. Since 0.2 (was `reserved`, 0). */
    uint32_t flags;
} th_context_options;

/** th_context_options.flags. Since 0.2. */
typedef enum th_context_flag {
    /** A serial port, pseudo-terminal or TCP source whose link goes away is opened again, after
     *  0.25 s, 0.5 s, 1 s, 2 s, then every 4 s, keeping recognizers, regions and settings:
     *  TH_STATUS_DISCONNECTED, then TH_STATUS_RECONNECTED once the controller describes itself,
     *  and th_context_dispatch() returns TH_OK meanwhile. Without it a lost link ends the context.
     *  `emulate:` and `replay:` sources end as before. */
    TH_CONTEXT_RECONNECT = 1
} th_context_flag;

/** Fills `options` with the defaults. Thread: any. */
void th_context_options_init(th_context_options *options);

/**
 * Makes a context with no device: the application feeds touches itself with
 * th_context_feed_touch() and moves time with th_context_advance().
 * @param options NULL for the defaults.
 * @param out receives the context; NULL on failure.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (out is NULL, bad options); TH_ERR_NO_MEMORY.
 * Thread: the calling thread becomes the context's owner.
 */
th_error th_context_new_manual(const th_context_options *options, th_context **out);

/**
 * Opens a context on a touch source. `source` is one of
 *  - a serial port or pseudo-terminal: "/dev/ttyUSB0", "/dev/ttyACM0?baud=921600&flow=rtscts"
 *    (options baud, bits, parity=none|odd|even, stopbits, flow=none|rtscts|xonxoff|dtrdsr);
 *  - "tcp:HOST:PORT", a controller served over TCP (`touchhost emulate --link tcp:PORT`);
 *  - "emulate:BOARD[?script=FILE&seed=N]", the controller firmware emulated in-process on a board
 *    of `touchhost boards` ("emulate:kiosk-15"); a script plays once the context first speaks;
 *  - "replay:FILE", a touch script (.touch), evemu or unistroke log, or .threc recording, replayed
 *    in virtual time as fast as it is dispatched; options as `touchhost replay`'s:
 *    "replay:FILE?format=evemu&desc=DESC&size=300x200&px-mm=0.25".
 * A live source's address may carry the options `touchhost monitor` takes (since 0.3):
 *  - "protocol=elo|mtouch|penmount6250|egalax": a legacy controller ("/dev/ttyS0?protocol=elo"),
 *    at its protocol's usual baud rate unless baud= or the options say; "size=WxH" is its panel in
 *    mm (default 345x194). It needs no handshake and takes no commands (TH_ERR_NOT_SUPPORTED).
 *  - "mode=heatmap": the controller streams raw heatmaps and the library finds the contacts in
 *    them; "mode=contacts|both|gestures" is asked of the controller once it has described itself.
 * A device context starts on the first th_context_dispatch(), which asks the device to describe
 * itself (again every 400 ms until it does). When a replay reaches its end, dispatch reports it as
 * a disconnect.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT; TH_ERR_NOT_FOUND (no such port or file);
 *         TH_ERR_IO (busy, permission; see th_get_last_error()); TH_ERR_FORMAT (bad recording);
 *         TH_ERR_NOT_SUPPORTED (a source kind this build lacks); TH_ERR_NOT_FOUND also for an
 *         unknown board.
 * Thread: the calling thread becomes the context's owner.
 */
th_error th_context_open(const char *source, const th_context_options *options, th_context **out);

/**
 * Closes the source, releases the context, its recognizers (custom ones get their destroy
 * callback) and every event still queued. Events already taken stay valid until destroyed.
 * Any thread may destroy a context whose owner thread has exited.
 * @return TH_OK; TH_ERR_INVALID_HANDLE; TH_ERR_WRONG_THREAD; TH_ERR_BUSY (from a callback).
 */
th_error th_context_destroy(th_context *context);

/**
 * A file descriptor that polls readable (POLLIN) when th_context_dispatch() has work: bytes from
 * the device, a recognizer timer due, or events already queued. Do not read or close it.
 * @return the descriptor (>= 0), or a negative th_error (TH_ERR_INVALID_HANDLE, TH_ERR_WRONG_THREAD).
 */
int th_context_get_fd(th_context *context);

/**
 * Reads what the source has, runs it through tracker and recognizers, fires due timers, and
 * queues the resulting events. Never blocks, and does bounded work: at most 64 KiB read from a
 * device, 512 replayed reports, one attempt to reopen a lost port. Until a device has described
 * itself its link is read every 20 ms (the descriptor wakes for that), not whenever bytes come.
 * For a manual context it ends a pending fed frame.
 * @return TH_OK; TH_ERR_DISCONNECTED (the device went away: a TH_STATUS_DISCONNECTED event is
 *         queued and live touches are cancelled; with TH_CONTEXT_RECONNECT the port is reopened
 *         instead and dispatch returns TH_OK); TH_ERR_TIMED_OUT (once: no controller answered
 *         within 2 s of opening; a TH_STATUS_NO_ANSWER event says more); TH_ERR_IO; handle and
 *         thread errors.
 */
th_error th_context_dispatch(th_context *context);

/**
 * Takes the oldest queued event.
 * @param out receives the event, which the caller releases with th_event_destroy(); NULL when
 *        none is waiting or on failure.
 * @return TH_OK; TH_ERR_AGAIN (queue empty); TH_ERR_INVALID_ARGUMENT; handle and thread errors.
 */
th_error th_context_get_event(th_context *context, th_event **out);

/**
 * The message of the last failed call on this context ("recognizer 7 does not exist").
 * @return a string owned by the context, valid until its next call; "" when nothing failed;
 *         a static message when the handle itself is invalid or on the wrong thread. Never NULL.
 */
const char *th_context_get_last_error(th_context *context);

/**
 * Chooses which event types are queued.
 * @param mask TH_EVENT_MASK(type) bits; TH_EVENT_MASK_ALL for everything.
 * @return TH_OK; handle and thread errors.
 */
th_error th_context_set_event_mask(th_context *context, uint32_t mask);

/** Receives library messages: `message` is valid during the call only. */
typedef void (*th_log_fn)(void *user_data, th_log_priority priority, const char *message);

/**
 * Sets the log handler; NULL turns logging off (the default). Called on the owner thread, from
 * within context calls, for messages at or above `min_priority`. Like a callback, the handler may
 * not call th_context_* on its context (TH_ERR_BUSY, not logged again): it cannot destroy the
 * context that is logging (since 0.2).
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (unknown priority); handle and thread errors.
 */
th_error th_context_set_log_handler(th_context *context, th_log_fn handler, void *user_data,
                                    th_log_priority min_priority);

/** Stores a pointer for the application; the library never looks at it. */
th_error th_context_set_user_data(th_context *context, void *user_data);
/** @param out receives the pointer last stored, NULL initially. */
th_error th_context_get_user_data(th_context *context, void **out);

/* ------------------------------------------------------------------------------------------ */
/* Feeding touches (manual contexts)                                                           */
/* ------------------------------------------------------------------------------------------ */

/**
 * Adds one contact to the frame being built, as a controller would report it. Contacts fed with
 * the same time form one frame; a contact with a later time, a contact already in the frame,
 * th_context_feed_sync() or th_context_dispatch() ends the frame and queues its events. A
 * contact stays down until fed TH_CONTACT_UP (contacts not fed in a frame have not moved).
 * @param contact the application's id for the finger, 0..255, reusable after its UP.
 * @param time_us the time of the report, 0 to 2^53; never earlier than the context's time.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (contact or state out of range, time going back,
 *         coordinates not finite); TH_ERR_NOT_SUPPORTED (not a manual context); TH_ERR_CAPACITY
 *         (more than 20 contacts in one frame); handle and thread errors.
 */
th_error th_context_feed_touch(th_context *context, int32_t contact, th_contact_state state,
                               double x_mm, double y_mm, int64_t time_us);

/**
 * Ends the frame being built and queues what it produced (nothing when no frame is pending).
 * @return TH_OK; TH_ERR_NOT_SUPPORTED (not a manual context); handle and thread errors.
 */
th_error th_context_feed_sync(th_context *context);

/**
 * Moves a manual context's clock to `time_us` with no new touches: long presses, tap timeouts and
 * the other recognizer timers due by then fire. Ends a pending frame first.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (time going back); TH_ERR_NOT_SUPPORTED; handle and
 *         thread errors.
 */
th_error th_context_advance(th_context *context, int64_t time_us);

/**
 * Cancels every live touch at `time_us` (an alert took the screen): touches end `cancelled`,
 * gestures under way are cancelled. Works on every kind of context; a device context uses its
 * own clock and ignores `time_us`.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (time going back); handle and thread errors.
 */
th_error th_context_cancel_touches(th_context *context, int64_t time_us);

/* ------------------------------------------------------------------------------------------ */
/* Recognizers, relations, regions, templates                                                  */
/* ------------------------------------------------------------------------------------------ */

/** Recognizer flags (th_recognizer_params.flags): how it shares touches with the application. */
#define TH_RECOGNIZER_CANCELS_TOUCHES 0x01u /**< its first action cancels the touches it holds */
#define TH_RECOGNIZER_DELAYS_BEGAN 0x02u    /**< touches begin for the app only once it failed */
#define TH_RECOGNIZER_DELAYS_ENDED 0x04u    /**< touches end for the app only once it decided */
#define TH_RECOGNIZER_CANNOT_PREVENT 0x08u  /**< never makes competing recognizers fail */
#define TH_RECOGNIZER_CANNOT_BE_PREVENTED 0x10u /**< competitors never make it fail */
#define TH_RECOGNIZER_DISABLED 0x20u        /**< added, but sees no touches */
/** The UIKit defaults th_recognizer_params_init() sets. */
#define TH_RECOGNIZER_DEFAULT_FLAGS (TH_RECOGNIZER_CANCELS_TOUCHES | TH_RECOGNIZER_DELAYS_ENDED)

/** Settings of a built-in recognizer. Fields a kind does not use are ignored. */
typedef struct th_recognizer_params {
    uint32_t struct_size;
    uint32_t kind;                /**< th_gesture_kind */
    th_region region;             /**< whose touches it gets: 0 (default) is the whole panel */
    uint32_t flags;               /**< TH_RECOGNIZER_* */
    uint32_t taps;                /**< tap: taps required (1); long-press: taps before the press (0) */
    uint32_t touches;             /**< tap, long-press, swipe: touches required (1); pan: minimum (1) */
    uint32_t max_touches;         /**< pan: maximum (20) */
    uint32_t directions;          /**< swipe: TH_DIRECTION_* bits (any) */
    uint32_t edges;               /**< edge-pan: TH_EDGE_* bits (any) */
    uint32_t reserved;
    int64_t duration_us;          /**< long-press: minimum press (500000) */
    int64_t max_tap_interval_us;  /**< tap, long-press: lift to next touch-down (300000) */
    double allowable_movement_mm; /**< tap, long-press: drift that still counts as still (4.8) */
    double max_tap_distance_mm;   /**< tap: farthest a later tap may land from the first (15.9) */
    double start_distance_mm;     /**< pan, pinch, rotation, edge-pan: movement before it begins (4.8) */
    double min_distance_mm;       /**< swipe: distance before it is judged (12) */
    double min_speed_mm_s;        /**< swipe: average speed needed (120) */
    double angle_tolerance_rad;   /**< swipe: off-axis tolerance (pi/6) */
    double edge_band_mm;          /**< edge-pan: band along the edge where it must start (10) */
} th_recognizer_params;

/**
 * Fills `params` with the defaults of `kind` (the values in brackets above).
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (params NULL, kind unknown). Thread: any.
 */
th_error th_recognizer_params_init(th_recognizer_params *params, th_gesture_kind kind);

/**
 * Adds a built-in recognizer.
 * @param name its name in events (th_event_gesture_get_name), unique in the context; NULL means
 *        the kind's name ("tap", "long-press", ...), made unique with a suffix ("tap-2").
 * @param params from th_recognizer_params_init(), then adjusted; kind may not be CUSTOM.
 * @param out receives the recognizer's number; may be NULL.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT; TH_ERR_NOT_FOUND (unknown region);
 *         TH_ERR_NOT_SUPPORTED (a kind this build cannot run); TH_ERR_EXISTS (name taken);
 *         TH_ERR_CAPACITY (32 recognizers); TH_ERR_BUSY; handle and thread errors.
 */
th_error th_context_add_recognizer(th_context *context, const char *name,
                                   const th_recognizer_params *params, th_recognizer *out);

/**
 * Adds named recognizers with the relations of the kiosk set (docs/c-api.md): "kiosk" for the
 * whole default set, or a comma-separated list ("tap,double-tap,pinch,rotation"). Relations
 * between the named ones are kept. Names already in the context are skipped.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (empty list); TH_ERR_NOT_FOUND (an unknown name: nothing
 *         is added); TH_ERR_CAPACITY; TH_ERR_BUSY; handle and thread errors.
 */
th_error th_context_add_recognizer_set(th_context *context, const char *names);

/**
 * Looks a recognizer up by name.
 * @return TH_OK; TH_ERR_NOT_FOUND; TH_ERR_INVALID_ARGUMENT; handle and thread errors.
 */
th_error th_context_find_recognizer(th_context *context, const char *name, th_recognizer *out);

/**
 * `recognizer` may not recognize until `other` has failed (a single tap waiting for the double).
 * @return TH_OK; TH_ERR_NOT_FOUND (no such recognizer); TH_ERR_INVALID_ARGUMENT (the same one
 *         twice); TH_ERR_BUSY; handle and thread errors.
 */
th_error th_context_require_to_fail(th_context *context, th_recognizer recognizer, th_recognizer other);

/**
 * Lets `a` and `b` recognize at the same time (pinch with rotation). Symmetric.
 * @return as th_context_require_to_fail().
 */
th_error th_context_allow_simultaneous(th_context *context, th_recognizer a, th_recognizer b);

/** Region flags. */
#define TH_REGION_DELIVER_TOUCHES 0x01u /**< queue TH_EVENT_REGION_TOUCH for its touches */

/**
 * Adds a region: a touch belongs, for its whole life, to the top-most region containing the
 * point where it went down. Recognizers given the region (params.region) see only its touches.
 * @param z stacking order, higher on top; among equals the later region is on top.
 * @param flags TH_REGION_* bits.
 * @param out receives the region's number (1, 2, ...); may be NULL.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (size not positive or not finite); TH_ERR_CAPACITY
 *         (15 regions); TH_ERR_BUSY; handle and thread errors.
 */
th_error th_context_add_region(th_context *context, double x_mm, double y_mm, double width_mm,
                               double height_mm, int32_t z, uint32_t flags, th_region *out);

/**
 * Adds a stroke template for the context's TH_GESTURE_TEMPLATE recognizers ($1 unistroke
 * matching: position, size and rotation do not matter). A template recognizer follows one finger
 * and, at its lift, recognizes the best-matching template if it scores at least the minimum.
 * Templates added after the recognizer count too.
 * @param points the stroke as drawn, mm, at least 2 points not all within 0.25 mm.
 * @param out receives the template's index (events report it); may be NULL.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT; TH_ERR_EXISTS (name taken); TH_ERR_CAPACITY (160
 *         template examples); handle and thread errors.
 */
th_error th_context_add_template(th_context *context, const char *name, const th_point *points,
                                 size_t count, uint32_t *out);

/**
 * Adds another example of the template `name` (creating it when the name is new): a template
 * with several examples matches more of the ways people draw it ($1: 99% with three or more).
 * Events report the template's index and name whichever example matched.
 * @param out receives the template's index; may be NULL.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT; TH_ERR_CAPACITY (160 examples in all); handle and
 *         thread errors. Since 0.2.
 */
th_error th_context_add_template_example(th_context *context, const char *name, const th_point *points,
                                         size_t count, uint32_t *out);

/**
 * The score (0..1) a stroke needs to be recognized as a template; the default (docs/strokes.md)
 * unless set: th_context_get_template_min_score() reads it.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (outside 0..1); handle and thread errors.
 */
th_error th_context_set_template_min_score(th_context *context, double score);

/* Templates: the minimum score as it stands (issue 27) ---------------------------------------- */

/**
 * The score (0..1) a stroke needs to be recognized as a template, as th_context_set_template_min_score()
 * set it or the default: 1 is a perfect match, 1/2 a stroke as far from its nearest example as the
 * template's examples lie from each other (docs/strokes.md). `touchhost replay --template-min-score`
 * sets the same. Since 0.3.
 * @param score receives the score.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (score NULL); handle and thread errors.
 */
th_error th_context_get_template_min_score(th_context *context, double *score);

/* ------------------------------------------------------------------------------------------- */

/* Custom recognizers ------------------------------------------------------------------------ */

/** Touches that changed phase together; `touches` is valid during the call only. */
typedef void (*th_custom_touches_fn)(void *user_data, th_custom_context *recognizer,
                                     const th_touch *touches, size_t count);
typedef void (*th_custom_event_fn)(void *user_data, th_custom_context *recognizer);
typedef void (*th_custom_destroy_fn)(void *user_data);

/**
 * The callbacks of a custom recognizer, UIKit's subclass hooks. Each may look at its touches and
 * set the state; the engine sends actions, arbitrates and resets. Any callback may be NULL
 * (touches_began NULL makes the recognizer fail at once). Callbacks run on the owner thread from
 * inside th_context_dispatch / feed / advance and may not call th_context_* on the same context
 * (TH_ERR_BUSY), only th_custom_*.
 */
typedef struct th_custom_recognizer {
    uint32_t struct_size;
    uint32_t reserved;
    th_custom_touches_fn touches_began;
    th_custom_touches_fn touches_moved;
    th_custom_touches_fn touches_ended;
    th_custom_touches_fn touches_cancelled;
    /** The deadline set with th_custom_set_deadline() has come. */
    th_custom_event_fn deadline_reached;
    /** Back to the initial configuration, before the state returns to POSSIBLE. */
    th_custom_event_fn reset;
    /** The context is being destroyed: release `user_data`. */
    th_custom_destroy_fn destroy;
} th_custom_recognizer;

/** Zeroes the table and sets struct_size. Thread: any. */
void th_custom_recognizer_init(th_custom_recognizer *callbacks);

/**
 * Adds a custom recognizer. Its events have kind TH_GESTURE_CUSTOM.
 * @param callbacks copied; see th_custom_recognizer.
 * @param params NULL, or params whose region and flags are used (kind is ignored).
 * @return as th_context_add_recognizer().
 */
th_error th_context_add_custom_recognizer(th_context *context, const char *name,
                                          const th_custom_recognizer *callbacks, void *user_data,
                                          const th_recognizer_params *params, th_recognizer *out);

/* These take the th_custom_context a callback was given and work only during that callback
 * (TH_ERR_INVALID_HANDLE afterwards). */

/** The time of the frame or timer being handled. */
th_error th_custom_get_time(th_custom_context *recognizer, int64_t *out_us);
/** The state last accepted, or the one requested during this callback. */
th_error th_custom_get_state(th_custom_context *recognizer, th_recognizer_state *out);
/** Requests a transition; set CHANGED each time a continuous gesture's values change. */
th_error th_custom_set_state(th_custom_context *recognizer, th_recognizer_state state);
/** Asks for deadline_reached at `time_us`; a negative time clears the deadline. */
th_error th_custom_set_deadline(th_custom_context *recognizer, int64_t time_us);
/** The values the next action carries. */
th_error th_custom_set_values(th_custom_context *recognizer, const th_gesture_values *values);
/** Gives up a touch: no more callbacks for it. TH_ERR_NOT_FOUND when not one of its touches. */
th_error th_custom_ignore_touch(th_custom_context *recognizer, uint32_t touch_id);
/** How many touches the recognizer follows. */
th_error th_custom_get_touch_count(th_custom_context *recognizer, size_t *out);
/** One of its touches, 0 <= index < count, with latest positions. */
th_error th_custom_get_touch(th_custom_context *recognizer, size_t index, th_touch *out);

/* ------------------------------------------------------------------------------------------ */
/* Device                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** What a controller says about itself. */
typedef struct th_device_info {
    uint32_t struct_size;
    uint32_t protocol_version;
    uint32_t firmware_major, firmware_minor, firmware_patch;
    uint32_t max_contacts;
    uint32_t report_rate_hz;
    uint32_t reserved;
    double panel_width_mm;
    double panel_height_mm;
    char board[32];               /**< NUL-terminated */
} th_device_info;

/**
 * The device's description, once it has sent one (after the first dispatches).
 * @param info its struct_size must be set (sizeof(th_device_info)).
 * @return TH_OK; TH_ERR_AGAIN (not described yet); TH_ERR_NOT_SUPPORTED (manual or replay
 *         context); TH_ERR_INVALID_ARGUMENT; handle and thread errors.
 */
th_error th_context_get_device_info(th_context *context, th_device_info *info);

/**
 * Sends a command to the device. Replies and their effects arrive as events (a reset as
 * TH_STATUS_DEVICE_RESET, recalibration as TH_STATUS_RECALIBRATED).
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (unknown command, argument out of range);
 *         TH_ERR_NOT_SUPPORTED (manual or replay context); TH_ERR_IO; TH_ERR_DISCONNECTED;
 *         handle and thread errors.
 */
th_error th_context_send_command(th_context *context, th_command command, int64_t argument);

/* ------------------------------------------------------------------------------------------ */
/* Events                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/**
 * Releases an event. Events stay valid after their context is destroyed, until released.
 * @return TH_OK; TH_ERR_INVALID_HANDLE (NULL, released already); TH_ERR_WRONG_THREAD.
 */
th_error th_event_destroy(th_event *event);

/**
 * The event's type.
 * @return the type; TH_EVENT_NONE for an invalid handle or the wrong thread (see
 *         th_get_last_error()).
 */
th_event_type th_event_get_type(th_event *event);

/** When it happened, in microseconds. A live device's events (serial port, pseudo-terminal, tcp:,
 *  emulate:): CLOCK_MONOTONIC time, comparable with clock_gettime(CLOCK_MONOTONIC), never going
 *  back (since 0.2; the device's own clock is th_event_get_device_time()): for a touchhost
 *  controller the instant of the scan that saw it, no later than the report's arrival, estimated
 *  anew after every reconnect (docs/architecture.md, "Event times"). Replays and manual
 *  contexts: the input's own time, from its start. */
th_error th_event_get_time(th_event *event, int64_t *out_us);

/* Touch accessors: TH_EVENT_TOUCH and TH_EVENT_REGION_TOUCH, else TH_ERR_WRONG_EVENT_TYPE. */

/** The tracking id: unique for the context and never reused; never 0. */
th_error th_event_touch_get_id(th_event *event, uint32_t *out);
/** The slot it occupies; TH_ERR_NOT_AVAILABLE for region touches. */
th_error th_event_touch_get_slot(th_event *event, uint32_t *out);
th_error th_event_touch_get_phase(th_event *event, th_touch_phase *out);
th_error th_event_touch_get_position(th_event *event, double *x_mm, double *y_mm);
/** Where the touch went down; TH_ERR_NOT_AVAILABLE for region touches. */
th_error th_event_touch_get_start(th_event *event, double *x_mm, double *y_mm);
/** The region it was delivered to; TH_ERR_NOT_AVAILABLE for TH_EVENT_TOUCH. */
th_error th_event_touch_get_region(th_event *event, th_region *out);

/* Gesture accessors: TH_EVENT_GESTURE, else TH_ERR_WRONG_EVENT_TYPE. Value accessors return
 * TH_ERR_NOT_AVAILABLE for kinds that do not carry the value (custom gestures carry them all). */

/** The recognizer's name; owned by the event, valid until th_event_destroy(). */
th_error th_event_gesture_get_name(th_event *event, const char **out);
th_error th_event_gesture_get_recognizer(th_event *event, th_recognizer *out);
th_error th_event_gesture_get_kind(th_event *event, th_gesture_kind *out);
th_error th_event_gesture_get_state(th_event *event, th_gesture_state *out);
/** The centroid of the gesture's touches, mm. */
th_error th_event_gesture_get_position(th_event *event, double *x_mm, double *y_mm);
th_error th_event_gesture_get_touches(th_event *event, uint32_t *out);
/** All values at once; fields the kind does not carry hold th_gesture_values_init()'s values.
 *  `out->struct_size` must be set. */
th_error th_event_gesture_get_values(th_event *event, th_gesture_values *out);
/** tap */
th_error th_event_gesture_get_taps(th_event *event, uint32_t *out);
/** long-press */
th_error th_event_gesture_get_duration(th_event *event, int64_t *out_us);
/** pan, edge-pan */
th_error th_event_gesture_get_translation(th_event *event, double *dx_mm, double *dy_mm);
/** pan, edge-pan: mm/s */
th_error th_event_gesture_get_velocity(th_event *event, double *vx, double *vy);
/** pinch */
th_error th_event_gesture_get_scale(th_event *event, double *out);
/** rotation: radians, clockwise positive */
th_error th_event_gesture_get_rotation(th_event *event, double *out);
/** pinch: scale/s; rotation: rad/s */
th_error th_event_gesture_get_rate(th_event *event, double *out);
/** swipe */
th_error th_event_gesture_get_direction(th_event *event, th_direction *out);
/** edge-pan */
th_error th_event_gesture_get_edge(th_event *event, th_edge *out);
/** checkmark */
th_error th_event_gesture_get_vertex(th_event *event, double *x_mm, double *y_mm);
/** circle */
th_error th_event_gesture_get_circle(th_event *event, double *center_x, double *center_y,
                                     double *radius);
/** backslash, mm */
th_error th_event_gesture_get_length(th_event *event, double *out);
/** capture */
th_error th_event_gesture_get_samples(th_event *event, uint32_t *out);
/** template: its index and name (owned by the event) and the match score 0..1 */
th_error th_event_gesture_get_template(th_event *event, uint32_t *index, const char **name,
                                       double *score);

/* Status accessors: TH_EVENT_STATUS, else TH_ERR_WRONG_EVENT_TYPE. */

th_error th_event_status_get_kind(th_event *event, th_status_kind *out);
/** What the status counts (frames lost, bytes skipped, touches cancelled); 0 when nothing. */
th_error th_event_status_get_count(th_event *event, uint32_t *out);

/* ------------------------------------------------------------------------------------------ */
/* Device life cycle (since 0.2)                                                               */
/* ------------------------------------------------------------------------------------------ */

/**
 * The words behind a TH_STATUS_DISCONNECTED or TH_STATUS_NO_ANSWER event:
 * "/dev/ttyUSB0: the device went away", "/dev/ttyS0: no answer to the device-info request within
 * 2 s at 115200 baud; heard nothing (is it a touchhost controller?)".
 * @param out receives text owned by the event (valid until th_event_destroy()); NULL on failure.
 * @return TH_OK; TH_ERR_NOT_AVAILABLE (a status of another kind); TH_ERR_WRONG_EVENT_TYPE;
 *         TH_ERR_INVALID_ARGUMENT; TH_ERR_INVALID_HANDLE. Since 0.2.
 */
th_error th_event_status_get_detail(th_event *event, const char **out);

/**
 * When it happened on the input's own clock, in microseconds from its start: for a live device
 * its clock (made continuous across wraps, restarts and reconnects, never going back); for replays
 * and manual contexts the same as th_event_get_time(). Since 0.2.
 */
th_error th_event_get_device_time(th_event *event, int64_t *out_us);

/* ------------------------------------------------------------------------------------------ */
/* Errors behind errors (since 0.2)                                                            */
/* ------------------------------------------------------------------------------------------ */

/**
 * The `errno` of the system call behind this thread's last failure (th_get_last_error()), as
 * libserialport's sp_last_error_code(): EACCES, EBUSY, EIO, ECONNREFUSED... 0 when the failure had
 * none (a bad argument, a device that said something wrong). TH_ERR_AGAIN leaves it, and both last
 * errors, as they were. Thread: any (per thread). Since 0.2.
 */
int th_get_last_os_error(void);

/**
 * The `errno` behind the context's last failure (th_context_get_last_error()); 0 when none.
 * @return the errno (>= 0), or a negative th_error (TH_ERR_INVALID_HANDLE, TH_ERR_WRONG_THREAD).
 * Since 0.2.
 */
int th_context_get_os_error(th_context *context);

/* ------------------------------------------------------------------------------------------ */
/* Screen mapping and calibration (since 0.2; docs/calibration.md)                             */
/* ------------------------------------------------------------------------------------------ */

/* Positions stay in panel millimetres; with a screen set, touch and gesture events also carry
 * their place in screen pixels. The 6-value matrix has libinput's meaning: it takes the panel's
 * normalized coordinates (x / width, y / height) to the screen's, (a*x + b*y + c, d*x + e*y + f).
 * Both may be changed at any time; they apply from the next event on. */

/**
 * Sets the screen the context's events are placed on, in pixels; 0 x 0 removes it (the default).
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT for a side of 0 (with the other not 0) or over 65536.
 */
th_error th_context_set_screen(th_context *ctx, uint32_t width_px, uint32_t height_px);
/** The screen set; 0 x 0 when none is. */
th_error th_context_get_screen(th_context *ctx, uint32_t *width_px, uint32_t *height_px);
/**
 * Sets the calibration matrix {a, b, c, d, e, f}; the identity {1, 0, 0, 0, 1, 0} by default.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT for a value that is not finite, a singular matrix
 *         (a*e - b*d near 0), or one that maps a corner of the panel to a point that is not finite
 *         or lies more than 10 screens from the screen (the rule a calibration file is held to).
 */
th_error th_context_set_calibration(th_context *ctx, const double matrix[6]);
th_error th_context_get_calibration(th_context *ctx, double matrix[6]);
/** A touch's position in pixels; TH_ERR_NOT_AVAILABLE when its context had no screen, and for
 *  region touches. */
th_error th_event_touch_get_screen_position(th_event *event, double *x_px, double *y_px);
/** A gesture's centroid in pixels; TH_ERR_NOT_AVAILABLE when its context had no screen. */
th_error th_event_gesture_get_screen_position(th_event *event, double *x_px, double *y_px);
/** pan, edge-pan: the translation in pixels (the matrix's linear part; its offset moves nothing). */
th_error th_event_gesture_get_screen_translation(th_event *event, double *dx_px, double *dy_px);

/** One calibration measurement: where the panel saw the touch, and the target it was meant for. */
typedef struct th_calibration_point {
    double panel_x_mm;
    double panel_y_mm;
    double screen_x_px;
    double screen_y_px;
} th_calibration_point;

/**
 * Fits the matrix that takes the points' panel positions to their screen targets, by least
 * squares. Thread: any.
 * @param points    `count` measurements (at least 3, at most 10000)
 * @param matrix    receives {a, b, c, d, e, f}
 * @param residuals NULL, or `count` doubles: each target's distance in pixels from where the
 *                  matrix puts its touch
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT for fewer than 3 points, values that are not finite, a
 *         panel or screen size out of range, or a set that fixes no matrix: two touches at the same
 *         place, touches or targets on one line. th_get_last_error() says which.
 */
th_error th_calibration_fit(const th_calibration_point *points, size_t count, double panel_width_mm,
                            double panel_height_mm, uint32_t screen_width_px,
                            uint32_t screen_height_px, double matrix[6], double *residuals);

/* ------------------------------------------------------------------------------------------ */
/* Run-time configuration (since 0.3; docs/c-api.md)                                           */
/* ------------------------------------------------------------------------------------------ */

/* Recognizers and regions may be removed, replaced and changed at any time, also in the middle of a
 * gesture. A change takes effect at once: the recognizer changed leaves the touch sequence under
 * way. A gesture it had begun is cancelled (its TH_GESTURE_CANCELLED event is queued by the call
 * itself), one it had not decided ends without an event, touches it held back go to the
 * application, and recognizers waiting for it to fail go ahead. Touches already down stay unknown
 * to it: it sees the touches that go down after the change. A removed recognizer takes its
 * relations with it (nobody waits for it any more); a replaced one keeps its number, name and
 * relations. Numbers never move. A removed recognizer's or region's number is refused from then
 * on (TH_ERR_NOT_FOUND); the next add reuses its place under a new number. */

/**
 * Removes a recognizer (a kiosk set's member too), with every relation it had. A custom
 * recognizer's `destroy` callback runs before the call returns.
 * @return TH_OK; TH_ERR_NOT_FOUND (no such recognizer, or removed already); TH_ERR_BUSY; handle
 *         and thread errors. Since 0.3.
 */
th_error th_context_remove_recognizer(th_context *context, th_recognizer recognizer);

/**
 * Replaces a built-in recognizer (a kiosk set's member too) by another built with `params`: the
 * same kind with other settings (a tap's allowable movement, a long press's duration, a swipe's
 * distance) or another kind. It keeps its number, name and relations.
 * @param params from th_recognizer_params_init() or th_context_get_recognizer_params(), then
 *        adjusted; kind may not be CUSTOM.
 * @return TH_OK; TH_ERR_NOT_FOUND (no such recognizer or region); TH_ERR_INVALID_ARGUMENT (a value
 *         out of range, as for th_context_add_recognizer()); TH_ERR_NOT_SUPPORTED (the recognizer
 *         is a custom one: remove it and add another); TH_ERR_BUSY; handle and thread errors.
 *         Since 0.3.
 */
th_error th_context_replace_recognizer(th_context *context, th_recognizer recognizer,
                                       const th_recognizer_params *params);

/**
 * The settings a built-in recognizer runs with (a kiosk set's members included), to adjust and
 * pass to th_context_replace_recognizer().
 * @param params filled first by th_recognizer_params_init() (of any kind), so its struct_size is set.
 * @return TH_OK; TH_ERR_NOT_FOUND; TH_ERR_NOT_SUPPORTED (a custom recognizer); TH_ERR_INVALID_ARGUMENT;
 *         handle and thread errors. Since 0.3.
 */
th_error th_context_get_recognizer_params(th_context *context, th_recognizer recognizer,
                                          th_recognizer_params *params);

/**
 * Moves, resizes or restacks a region and sets its TH_REGION_* flags. Touches already down keep
 * the region they went down in.
 * @return TH_OK; TH_ERR_NOT_FOUND (no such region; region 0, the whole panel, cannot change);
 *         TH_ERR_INVALID_ARGUMENT (as th_context_add_region()); handle and thread errors. Since 0.3.
 */
th_error th_context_set_region(th_context *context, th_region region, double x_mm, double y_mm,
                               double width_mm, double height_mm, int32_t z, uint32_t flags);

/**
 * Removes a region. Touches already down in it keep it.
 * @return TH_OK; TH_ERR_NOT_FOUND (no such region, or region 0); TH_ERR_NOT_SUPPORTED (recognizers
 *         are on it: remove them, or move them with th_context_replace_recognizer(), first);
 *         handle and thread errors. Since 0.3.
 */
th_error th_context_remove_region(th_context *context, th_region region);

/* ------------------------------------------------------------------------------------------ */
/* Recording (since 0.3)                                                                       */
/* ------------------------------------------------------------------------------------------ */

/**
 * Starts recording the context's link losslessly to a `.threc` file, as `touchhost record` does:
 * every byte in both directions with host times; `touchhost replay FILE` plays it back through the
 * same tracker and the kiosk set. Started after the controller described itself, the file opens
 * with that description. The recording ends with th_context_stop_recording(), with the context, or
 * when the link goes away (it is not resumed by a reconnect).
 * @return TH_OK; TH_ERR_IO (the file cannot be created or written: th_context_get_os_error() gives
 *         the errno, EACCES, ENOSPC...); TH_ERR_NOT_FOUND (its folder does not exist);
 *         TH_ERR_EXISTS (a recording runs already); TH_ERR_NOT_SUPPORTED (a manual context or a
 *         replay); TH_ERR_DISCONNECTED (the link is down); TH_ERR_INVALID_ARGUMENT; handle and
 *         thread errors. Since 0.3.
 */
th_error th_context_start_recording(th_context *context, const char *path);

/**
 * Ends the recording and closes its file.
 * @param bytes receives the link bytes recorded; may be NULL.
 * @return TH_OK; TH_ERR_IO (a write failed, a full disk: the file holds what came before; the
 *         recording is over either way); TH_ERR_DISCONNECTED (it had ended when the link went away;
 *         the file is complete up to then); TH_ERR_NOT_FOUND (no recording); TH_ERR_NOT_SUPPORTED;
 *         handle and thread errors. Since 0.3.
 */
th_error th_context_stop_recording(th_context *context, uint64_t *bytes);

/**
 * How the recording goes, without stopping it.
 * @param bytes receives the link bytes recorded so far; may be NULL.
 * @return TH_OK (recording); TH_ERR_IO (a write failed: nothing more is written; also logged at
 *         TH_LOG_ERROR when dispatch notices); TH_ERR_DISCONNECTED; TH_ERR_NOT_FOUND (no recording);
 *         TH_ERR_NOT_SUPPORTED; handle and thread errors. Since 0.3.
 */
th_error th_context_get_recording_status(th_context *context, uint64_t *bytes);

/* ------------------------------------------------------------------------------------------ */
/* Contact shape and palms (since 0.3; docs/ghosts.md)                                         */
/* ------------------------------------------------------------------------------------------ */

/** What a context does with contacts its source judges palms (th_context_set_palms). Since 0.3. */
typedef enum th_palms {
    /** No touch and no gesture; TH_STATUS_PALM_BEGAN/_ENDED say where and when. The default. */
    TH_PALMS_SUPPRESS = 0,
    /** A touch like a finger's, th_event_touch_get_palm() gives 1; the statuses come too. */
    TH_PALMS_REPORT = 1
} th_palms;

/**
 * Chooses what becomes of palms, from the next report on (a palm already down then becomes a
 * touch, or its touch ends). Any context may set it; only sources that judge palms (a controller
 * with shaped reports, a replayed script's `palm`) have any. Since 0.3.
 * @return TH_OK; TH_ERR_INVALID_ARGUMENT (not a th_palms); handle and thread errors.
 */
th_error th_context_set_palms(th_context *context, th_palms policy);

/**
 * The touch's contact ellipse: its axes in mm and the direction of the major axis in degrees
 * clockwise from the panel's x axis (0 up to 180). TH_EVENT_TOUCH only. Since 0.3.
 * @return TH_OK; TH_ERR_NOT_AVAILABLE (the source reports no shape, or a region touch);
 *         TH_ERR_WRONG_EVENT_TYPE; TH_ERR_INVALID_ARGUMENT (a NULL out-parameter); TH_ERR_INVALID_HANDLE.
 */
th_error th_event_touch_get_shape(th_event *event, double *major_mm, double *minor_mm, double *orientation_deg);

/**
 * 1 when the touch is a palm passed through as a touch (palms are suppressed unless the context
 * reports them), else 0. TH_EVENT_TOUCH only. Since 0.3.
 */
th_error th_event_touch_get_palm(th_event *event, int *out);

/**
 * Where a TH_STATUS_PALM_BEGAN or TH_STATUS_PALM_ENDED happened, in mm.
 * @return TH_OK; TH_ERR_NOT_AVAILABLE (a status of another kind); TH_ERR_WRONG_EVENT_TYPE;
 *         TH_ERR_INVALID_ARGUMENT; TH_ERR_INVALID_HANDLE. Since 0.3.
 */
th_error th_event_status_get_position(th_event *event, double *x_mm, double *y_mm);

#ifdef __cplusplus
}
#endif

#endif /* TOUCHHOST_H */
