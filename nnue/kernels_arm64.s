//go:build arm64 && !purego

#include "textflag.h"

// The NEON kernels of kernels.go (every arm64 CPU has NEON). Lengths are
// multiples of 8 int16 (the net's H is). Go's assembler has no SMAX, SMIN
// or SMLAL, so those are WORDs, each with its instruction beside it.

// func accAddSubNEON(dst, src, add, sub *int16, n int)
TEXT ·accAddSubNEON(SB), NOSPLIT, $0-40
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD add+16(FP), R2
	MOVD sub+24(FP), R3
	MOVD n+32(FP), R4
as_loop:
	VLD1.P 16(R1), [V0.H8]
	VLD1.P 16(R2), [V1.H8]
	VLD1.P 16(R3), [V2.H8]
	VADD   V1.H8, V0.H8, V0.H8
	VSUB   V2.H8, V0.H8, V0.H8
	VST1.P [V0.H8], 16(R0)
	SUBS   $8, R4, R4
	BNE    as_loop
	RET

// func accAddSubSubNEON(dst, src, add, sub1, sub2 *int16, n int)
TEXT ·accAddSubSubNEON(SB), NOSPLIT, $0-48
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD add+16(FP), R2
	MOVD sub1+24(FP), R3
	MOVD sub2+32(FP), R5
	MOVD n+40(FP), R4
ass_loop:
	VLD1.P 16(R1), [V0.H8]
	VLD1.P 16(R2), [V1.H8]
	VLD1.P 16(R3), [V2.H8]
	VLD1.P 16(R5), [V3.H8]
	VADD   V1.H8, V0.H8, V0.H8
	VSUB   V2.H8, V0.H8, V0.H8
	VSUB   V3.H8, V0.H8, V0.H8
	VST1.P [V0.H8], 16(R0)
	SUBS   $8, R4, R4
	BNE    ass_loop
	RET

// func accAddNEON(dst, w *int16, n int)
TEXT ·accAddNEON(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD w+8(FP), R1
	MOVD n+16(FP), R4
a_loop:
	VLD1   (R0), [V0.H8]
	VLD1.P 16(R1), [V1.H8]
	VADD   V1.H8, V0.H8, V0.H8
	VST1.P [V0.H8], 16(R0)
	SUBS   $8, R4, R4
	BNE    a_loop
	RET

// func clipNEON(dst, src *int16, n int)
TEXT ·clipNEON(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD n+16(FP), R4
	VEOR V30.B16, V30.B16, V30.B16
	MOVD $127, R5 // ActScale
	VDUP R5, V31.H8
c_loop:
	VLD1.P 16(R1), [V0.H8]
	WORD   $0x4E7E6400 // SMAX V0.8H, V0.8H, V30.8H
	WORD   $0x4E7F6C00 // SMIN V0.8H, V0.8H, V31.8H
	VST1.P [V0.H8], 16(R0)
	SUBS   $8, R4, R4
	BNE    c_loop
	RET

// func denseNEON(sums *int32, act *int16, w *int16, pairs, blocks int)
// For each block of 8 outputs: the pair of inputs (a0, a1) loaded into
// every 32-bit lane, times the pair's 16 weights w(2p,k), w(2p+1,k) with
// widening multiply-adds into four int32 accumulators, whose neighbouring
// lanes (a0's and a1's products for one output) are added at the end.
TEXT ·denseNEON(SB), NOSPLIT, $0-40
	MOVD sums+0(FP), R0
	MOVD w+16(FP), R2
	MOVD blocks+32(FP), R6
d_block:
	MOVD act+8(FP), R1
	MOVD pairs+24(FP), R4
	VEOR V16.B16, V16.B16, V16.B16
	VEOR V17.B16, V17.B16, V17.B16
	VEOR V18.B16, V18.B16, V18.B16
	VEOR V19.B16, V19.B16, V19.B16
d_pair:
	VLD1R.P 4(R1), [V4.S4]
	VLD1.P  32(R2), [V5.H8, V6.H8]
	WORD    $0x0E6480B0 // SMLAL  V16.4S, V5.4H, V4.4H: outputs 0, 1
	WORD    $0x4E6480B1 // SMLAL2 V17.4S, V5.8H, V4.8H: outputs 2, 3
	WORD    $0x0E6480D2 // SMLAL  V18.4S, V6.4H, V4.4H: outputs 4, 5
	WORD    $0x4E6480D3 // SMLAL2 V19.4S, V6.8H, V4.8H: outputs 6, 7
	SUBS    $1, R4, R4
	BNE     d_pair
	VADDP   V17.S4, V16.S4, V20.S4
	VADDP   V19.S4, V18.S4, V21.S4
	VST1.P  [V20.S4, V21.S4], 32(R0)
	SUBS    $1, R6, R6
	BNE     d_block
	RET
