// The ARM EABI helpers for 64-bit integers and Float<->Int64 that LLVM calls on a Cortex-M4 and
// that a toolchain's compiler-rt would provide; Swift's toolchain ships none for this target.
// Built at -O2 so variable shifts stay inline and never call back into these functions; the
// self-test checks each against known values.
#include <stdint.h>

static int clz64(uint64_t x) {
    uint32_t hi = (uint32_t)(x >> 32);
    return hi ? __builtin_clz(hi) : 32 + __builtin_clz((uint32_t)x);
}

uint64_t board_udivmod64(uint64_t n, uint64_t d, uint64_t *remainder) {
    if (d == 0) {  // Swift traps before dividing by zero; never reached from Swift
        *remainder = n;
        return ~0ull;
    }
    if ((n >> 32) == 0 && (d >> 32) == 0) {
        uint32_t q = (uint32_t)n / (uint32_t)d;
        *remainder = (uint32_t)n - q * (uint32_t)d;
        return q;
    }
    if (n < d) {
        *remainder = n;
        return 0;
    }
    // Restoring division, starting at n's leading one.
    int skip = clz64(n);
    n <<= skip;
    uint64_t q = 0, r = 0;
    for (int i = 64 - skip; i > 0; i--) {
        r = (r << 1) | (n >> 63);
        n <<= 1;
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1;
        }
    }
    *remainder = r;
    return q;
}

int64_t board_divmod64(int64_t n, int64_t d, int64_t *remainder) {
    uint64_t un = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;
    uint64_t ud = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
    uint64_t ur;
    uint64_t uq = board_udivmod64(un, ud, &ur);
    // Truncating division: the remainder takes the dividend's sign.
    *remainder = n < 0 ? -(int64_t)ur : (int64_t)ur;
    return (n < 0) != (d < 0) ? -(int64_t)uq : (int64_t)uq;
}

// Quotient in r0:r1, remainder in r2:r3: not expressible in C, so a small shim moves the
// remainder from the stack into r2:r3.
__attribute__((naked)) void __aeabi_uldivmod(void) {
    __asm__ volatile(
        "push {r4, lr}\n"
        "sub sp, sp, #16\n"
        "add r4, sp, #8\n"
        "str r4, [sp]\n"
        "bl board_udivmod64\n"
        "ldrd r2, r3, [sp, #8]\n"
        "add sp, sp, #16\n"
        "pop {r4, pc}\n");
}

__attribute__((naked)) void __aeabi_ldivmod(void) {
    __asm__ volatile(
        "push {r4, lr}\n"
        "sub sp, sp, #16\n"
        "add r4, sp, #8\n"
        "str r4, [sp]\n"
        "bl board_divmod64\n"
        "ldrd r2, r3, [sp, #8]\n"
        "add sp, sp, #16\n"
        "pop {r4, pc}\n");
}

uint64_t __aeabi_llsl(uint64_t x, int n) {
    uint32_t lo = (uint32_t)x, hi = (uint32_t)(x >> 32);
    if (n >= 32) return (uint64_t)(lo << (n - 32)) << 32;
    if (n == 0) return x;
    return ((uint64_t)((hi << n) | (lo >> (32 - n))) << 32) | (lo << n);
}

uint64_t __aeabi_llsr(uint64_t x, int n) {
    uint32_t lo = (uint32_t)x, hi = (uint32_t)(x >> 32);
    if (n >= 32) return hi >> (n - 32);
    if (n == 0) return x;
    return ((uint64_t)(hi >> n) << 32) | (lo >> n) | (hi << (32 - n));
}

int64_t __aeabi_lasr(int64_t x, int n) {
    uint32_t lo = (uint32_t)x;
    int32_t hi = (int32_t)((uint64_t)x >> 32);
    if (n >= 32) return (int64_t)(hi >> (n - 32 > 31 ? 31 : n - 32));
    if (n == 0) return x;
    uint32_t newLo = (lo >> n) | ((uint32_t)hi << (32 - n));
    return (int64_t)(((uint64_t)(uint32_t)(hi >> n) << 32) | newLo);
}

static float bits_to_float(uint32_t bits) {
    union { uint32_t u; float f; } v = {bits};
    return v.f;
}

static uint32_t float_to_bits(float f) {
    union { float f; uint32_t u; } v = {f};
    return v.u;
}

// Round to nearest, ties to even, as the FPU would.
static float u64_to_float(uint64_t u) {
    if ((u >> 32) == 0) return (float)(uint32_t)u;
    int lz = clz64(u);
    u <<= lz;
    uint32_t mantissa = (uint32_t)(u >> 40);
    uint64_t rest = u & ((1ull << 40) - 1);
    uint64_t half = 1ull << 39;
    int exponent = 63 - lz;
    if (rest > half || (rest == half && (mantissa & 1))) {
        mantissa++;
        if (mantissa == (1u << 24)) {
            mantissa >>= 1;
            exponent++;
        }
    }
    return bits_to_float(((uint32_t)(exponent + 127) << 23) | (mantissa & 0x7FFFFF));
}

float __aeabi_ul2f(uint64_t u) { return u64_to_float(u); }

float __aeabi_l2f(int64_t x) {
    return x < 0 ? -u64_to_float(0 - (uint64_t)x) : u64_to_float((uint64_t)x);
}

// Truncates toward zero and saturates; Swift has already trapped on NaN and out-of-range values.
static uint64_t float_magnitude_to_u64(uint32_t bits, uint64_t limit) {
    int exponent = (int)((bits >> 23) & 0xFF) - 127;
    if (exponent < 0) return 0;
    uint64_t mantissa = (bits & 0x7FFFFF) | 0x800000;
    if (exponent <= 23) return mantissa >> (23 - exponent);
    if (exponent > 63) return limit;
    uint64_t value = mantissa << (exponent - 23);
    return value > limit ? limit : value;
}

int64_t __aeabi_f2lz(float f) {
    uint32_t bits = float_to_bits(f);
    if (bits & 0x80000000u) return -(int64_t)float_magnitude_to_u64(bits, 0x8000000000000000ull);
    return (int64_t)float_magnitude_to_u64(bits, 0x7FFFFFFFFFFFFFFFull);
}

uint64_t __aeabi_f2ulz(float f) {
    uint32_t bits = float_to_bits(f);
    return (bits & 0x80000000u) ? 0 : float_magnitude_to_u64(bits, ~0ull);
}

// Swift's squareRoot() calls sqrtf; the FPU has the instruction.
float sqrtf(float x) {
    float r;
    __asm__("vsqrt.f32 %0, %1" : "=t"(r) : "t"(x));
    return r;
}
