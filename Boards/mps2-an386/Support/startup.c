// Reset path and exception vectors for QEMU mps2-an386. Compiled with the same float ABI as the
// Swift target (soft-float calling convention, FPU instructions), see build.sh.
#include <stdint.h>

extern uint32_t __data_start, __data_end, __data_load, __bss_start, __bss_end;
extern uint32_t __stack_limit, __stack_top;
extern void board_main(void);
extern void board_fault(uint32_t kind);

#define STACK_PAINT 0x5AC3A55Au

static void copy_data_and_zero_bss(void) {
    uint32_t *src = &__data_load;
    for (uint32_t *dst = &__data_start; dst < &__data_end;) *dst++ = *src++;
    for (uint32_t *dst = &__bss_start; dst < &__bss_end;) *dst++ = 0;
}

// Painting lets the self-test report how much of the reserved stack was ever touched.
static void paint_stack(void) {
    uint32_t *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    for (uint32_t *p = &__stack_limit; p < sp - 16;) *p++ = STACK_PAINT;
}

// Painting again below the caller's frame: what runs next is measured apart from what ran before.
void board_stack_repaint(void) { paint_stack(); }

uint32_t board_stack_high_water(void) {
    uint32_t *p = &__stack_limit;
    while (p < &__stack_top && *p == STACK_PAINT) p++;
    return (uint32_t)((uintptr_t)&__stack_top - (uintptr_t)p);
}

uint32_t board_stack_size(void) {
    return (uint32_t)((uintptr_t)&__stack_top - (uintptr_t)&__stack_limit);
}

// The firmware uses Float: CP10/CP11 full access before any Swift code runs.
static void enable_fpu(void) {
    volatile uint32_t *cpacr = (volatile uint32_t *)0xE000ED88u;
    *cpacr |= (0xFu << 20);
    __asm__ volatile("dsb\n isb" ::: "memory");
}

__attribute__((noreturn)) void Reset_Handler(void) {
    enable_fpu();
    copy_data_and_zero_bss();
    paint_stack();
    board_main();
    for (;;) {}
}

__attribute__((noreturn)) static void HardFault_Handler(void) { board_fault(3); for (;;) {} }
__attribute__((noreturn)) static void MemManage_Handler(void) { board_fault(4); for (;;) {} }
__attribute__((noreturn)) static void BusFault_Handler(void) { board_fault(5); for (;;) {} }
__attribute__((noreturn)) static void UsageFault_Handler(void) { board_fault(6); for (;;) {} }
__attribute__((noreturn)) static void Unexpected_Handler(void) { board_fault(0); for (;;) {} }

typedef void (*vector_t)(void);

__attribute__((section(".vectors"), used)) const vector_t board_vectors[16 + 32] = {
    (vector_t)&__stack_top,
    Reset_Handler,
    Unexpected_Handler,   // NMI
    HardFault_Handler,
    MemManage_Handler,
    BusFault_Handler,
    UsageFault_Handler,
    0, 0, 0, 0,
    Unexpected_Handler,   // SVCall
    Unexpected_Handler,   // DebugMon
    0,
    Unexpected_Handler,   // PendSV
    Unexpected_Handler,   // SysTick: the clock is polled, its interrupt stays off
    [16 ... 47] = Unexpected_Handler,
};
