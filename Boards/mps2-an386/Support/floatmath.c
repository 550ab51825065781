// The libm rounding functions Swift's Float.rounded(_:) calls. Embedded Swift has no libm and
// FPv4-SP has no rounding instructions, so they are done on the bits; the self-test checks them.
#include <stdint.h>

static uint32_t bits_of(float f) {
    union { float f; uint32_t u; } v = {f};
    return v.u;
}

static float float_of(uint32_t u) {
    union { uint32_t u; float f; } v = {u};
    return v.f;
}

float truncf(float x) {
    uint32_t bits = bits_of(x);
    int exponent = (int)((bits >> 23) & 0xFF) - 127;
    if (exponent >= 23) return x;  // already integral, or infinity or NaN
    if (exponent < 0) return float_of(bits & 0x80000000u);
    return float_of(bits & ~(0x7FFFFFu >> exponent));
}

float floorf(float x) {
    float t = truncf(x);
    return t > x ? t - 1.0f : t;
}

float ceilf(float x) {
    float t = truncf(x);
    return t < x ? t + 1.0f : t;
}

// Halfway cases away from zero; x - truncf(x) is exact, so the comparison is too.
float roundf(float x) {
    float t = truncf(x);
    float fraction = x - t;
    if (fraction >= 0.5f) return t + 1.0f;
    if (fraction <= -0.5f) return t - 1.0f;
    return t;
}

// Ties to even, the IEEE default Swift's .toNearestOrEven asks for.
float rintf(float x) {
    float t = truncf(x);
    float fraction = x - t;
    float away = x < 0 ? t - 1.0f : t + 1.0f;
    if (fraction > 0.5f || fraction < -0.5f) return away;
    if (fraction == 0.5f || fraction == -0.5f) {
        float half = t * 0.5f;
        return truncf(half) == half ? t : away;
    }
    return t;
}

float nearbyintf(float x) { return rintf(x); }
