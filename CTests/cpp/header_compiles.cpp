// The header compiles as C++17 with every warning an error, and its declarations link from C++
// (extern "C"): this calls a few of them.
#include <touchhost.h>

#include <cstdio>
#include <cstring>

int main() {
    th_context *ctx = nullptr;
    th_context_options options;
    th_context_options_init(&options);
    if (th_context_new_manual(&options, &ctx) != TH_OK) return 1;
    th_recognizer_params params;
    th_recognizer tap = -1;
    th_recognizer_params_init(&params, TH_GESTURE_TAP);
    if (th_context_add_recognizer(ctx, "tap", &params, &tap) != TH_OK) return 1;
    th_event *event = nullptr;
    th_error again = th_context_get_event(ctx, &event);
    std::printf("header_compiles: %s, %s\n", th_version(), th_strerror(again));
    bool ok = again == TH_ERR_AGAIN && event == nullptr && std::strlen(th_version()) > 0;
    return th_context_destroy(ctx) == TH_OK && ok ? 0 : 1;
}
