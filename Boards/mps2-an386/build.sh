#!/usr/bin/env bash
# Builds the touchhost firmware image for QEMU mps2-an386 (Cortex-M4):
#   build.sh [--selftest | --gestures] [--no-budget] [--out DIR]
# Compiles TouchCore, Firmware, Boards and this board's Swift as Embedded Swift modules, the C
# startup and runtime, links with ld.lld, refuses allocator symbols and checks the size budget
# (64 KiB flash, 32 KiB RAM including the stack) for a firmware image: the plain one (touchhost.elf)
# or, with --gestures, the one that also runs the kiosk gesture set (touchhost-gestures.elf). --no-budget reports an
# over-budget image but still succeeds, for tests and `touchhost emulate` that need it to run.
set -euo pipefail

selftest=0
gestures=0
budget=1
out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --selftest) selftest=1 ;;
        --gestures) gestures=1 ;;
        --no-budget) budget=0 ;;
        --out) out="$2"; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "build.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

board=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$board/../.." && pwd)
out=${out:-$root/.build/mps2-an386}
mkdir -p "$out"
out=$(cd "$out" && pwd)

swiftc=$(command -v swiftc)
toolbin=$(dirname "$(readlink -f "$swiftc")")
tool() {
    if [ -x "$toolbin/$1" ]; then echo "$toolbin/$1"
    elif [ -x "/opt/swift/usr/bin/$1" ]; then echo "/opt/swift/usr/bin/$1"
    elif command -v "$1" >/dev/null 2>&1; then command -v "$1"
    else echo "build.sh: $1 not found" >&2; exit 1; fi
}
clang=$(tool clang)
lld=$(tool ld.lld)
nm=$(tool llvm-nm)
objdump=$(tool llvm-objdump)

name=touchhost
variant=Image
if [ $selftest = 1 ]; then name=touchhost-selftest; variant=SelfTest
elif [ $gestures = 1 ]; then name=touchhost-gestures; variant=GesturesImage; fi
obj="$out/$name.obj"
# TouchCore, Firmware and Boards are the same in both images: built once into common.obj and
# reused while newer than their sources, this script and the modules they import.
common="$out/common.obj"
mkdir -p "$obj" "$common"

# The Swift target uses the soft-float calling convention with FPU instructions (its objects carry
# no Tag_ABI_VFP_args), so C is built softfp to match.
swift_flags=(-enable-experimental-feature Embedded -enable-experimental-feature Extern -enable-experimental-feature Lifetimes -enable-experimental-feature AddressableParameters -no-allocations
             -target armv7em-none-none-eabi -wmo -Osize -parse-as-library -D SENSOR_GRID_KIOSK15
             -Xfrontend -function-sections -Xfrontend -disable-stack-protector -I "$common")
c_flags=(--target=armv7em-none-eabi -mcpu=cortex-m4 -mthumb -mfloat-abi=softfp -mfpu=fpv4-sp-d16
         -ffreestanding -fno-builtin -ffunction-sections -fdata-sections -std=c11 -Wall -Werror)

swift_module() {  # directory, name, "imported modules", source files...
    local dir=$1 module=$2 imports=$3; shift 3
    local o="$dir/$module.o" list
    list=$(printf '%s\n' "$@")
    if [ "$dir" = "$common" ] && [ -f "$o" ] && [ "$list" = "$(cat "$dir/$module.sources" 2>/dev/null)" ]; then
        local inputs=("$@" "$0")
        for m in $imports; do inputs+=("$common/$m.swiftmodule"); done
        if [ -z "$(find "${inputs[@]}" -maxdepth 0 -newer "$o" 2>/dev/null)" ]; then
            objects+=("$o")
            return
        fi
    fi
    "$swiftc" "${swift_flags[@]}" -module-name "$module" -emit-module -emit-module-path "$dir/$module.swiftmodule" \
        -c "$@" -o "$o"
    echo "$list" > "$dir/$module.sources"
    touch "$o"  # swiftc may leave an unchanged object untouched
    objects+=("$o")
}
sources() { find "$@" -name '*.swift' 2>/dev/null | sort; }

objects=()
swift_module "$common" TouchCore "" $(sources "$root/Sources/TouchCore")
if [ -n "$(sources "$root/Firmware/Controller")" ]; then
    swift_module "$common" Firmware TouchCore $(sources "$root/Firmware/Controller")
fi
if [ -n "$(sources "$root/Boards/Catalog")" ]; then
    swift_module "$common" Boards "TouchCore Firmware" $(sources "$root/Boards/Catalog")
fi
swift_module "$obj" MPS2AN386 "" $(sources "$board/Support" "$board/$variant")
for c in "$board"/Support/*.c; do
    level=-Os; [ "$(basename "$c")" = arith64.c ] && level=-O2
    o="$obj/$(basename "$c" .c).o"
    "$clang" "${c_flags[@]}" $level -c "$c" -o "$o"
    objects+=("$o")
done

elf="$out/$name.elf"
# The stack is part of the RAM budget; STACK_SIZE overrides the linker script's default (16 KiB).
# The gestures image reserves 10 KiB: QEMUHardwareInLoopTests measures what it uses through a tap,
# a stroke and its end (8 192 bytes at the last count) and fails when the margin runs out.
stack_size=${STACK_SIZE:-}
[ -z "$stack_size" ] && [ $gestures = 1 ] && stack_size=10240
stack_args=()
[ -n "$stack_size" ] && stack_args=(--defsym=STACK_SIZE="$stack_size")
"$lld" --gc-sections "${stack_args[@]}" -T "$board/link.ld" -Map "$out/$name.map" -o "$elf" "${objects[@]}"
"$objdump" -d "$elf" > "$out/$name.lst"

# A linked allocator means something can reach a heap the board does not have.
allocators=$("$nm" "$elf" | awk '{print $NF}' | grep -xE 'malloc|calloc|realloc|free|posix_memalign|aligned_alloc|swift_allocObject|swift_slowAlloc' || true)
if [ -n "$allocators" ]; then
    echo "build.sh: $elf contains allocator symbols: $allocators" >&2
    exit 1
fi

# Flash holds everything loadable (code, read-only data, tables, .data's initial values); RAM
# holds .data, .bss and the reserved stack.
flash=0; ram=0; stack=0
# llvm-objdump -h: Idx Name Size VMA [LMA, when any section has one apart] Type
while read -r -a field; do
    section=${field[1]}; kind=${field[${#field[@]}-1]}
    case $kind in TEXT|DATA|BSS) ;; *) continue ;; esac  # symbol tables and attributes are not loaded
    size=$((16#${field[2]})); vma=$((16#${field[3]}))
    if [ $vma -ge $((0x20000000)) ]; then
        ram=$((ram + size))
        [ "$kind" = BSS ] || flash=$((flash + size))
        [ "$section" = .stack ] && stack=$size
    else
        flash=$((flash + size))
    fi
done < <("$objdump" -h "$elf" | awk '$1 ~ /^[0-9]+$/ && $2 ~ /^\./')
echo "$name.elf: flash $flash B (budget 65536), RAM $ram B incl. $stack B stack (budget 32768)"
echo "image: $elf"
if [ $selftest = 0 ] && { [ "$flash" -gt 65536 ] || [ "$ram" -gt 32768 ]; }; then
    echo "build.sh: $name.elf is over the size budget (64 KiB flash, 32 KiB RAM); see docs/hil.md" >&2
    if [ $budget = 1 ]; then exit 1; fi
fi
