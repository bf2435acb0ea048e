//go:build arm64 && !purego

#include "textflag.h"

// The NEON kernels of kernels.go (every arm64 CPU has NEON). Lengths are
// multiples of 8 int16 (the net's H is). Go's assembler has no SMAX, SMIN,
// MUL or SADALP on vectors, so those are WORDs, each with its instruction beside it.

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
// every 32-bit lane, times the pair's 16 weights w(2p,k), w(2p+1,k) in
// int16 (a product of an input in [0, 127] and an int8 weight fits), and
// the neighbouring products, one output's, added pairwise into int32
// accumulators (SADALP). Four pairs a step, alternately into two sets of
// accumulators, as pairs is a multiple of 4 (H is a multiple of 8).
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
	VLD1.P  16(R1), [V0.S4] // four pairs of inputs
	VDUP    V0.S[0], V4.S4
	VDUP    V0.S[1], V3.S4
	VLD1.P  64(R2), [V20.H8, V21.H8, V22.H8, V23.H8]
	WORD    $0x4E649E98 // MUL    V24.8H, V20.8H, V4.8H
	WORD    $0x4E649EB9 // MUL    V25.8H, V21.8H, V4.8H
	WORD    $0x4E639EDA // MUL    V26.8H, V22.8H, V3.8H
	WORD    $0x4E639EFB // MUL    V27.8H, V23.8H, V3.8H
	WORD    $0x4E606B10 // SADALP V16.4S, V24.8H: outputs 0..3
	WORD    $0x4E606B31 // SADALP V17.4S, V25.8H: outputs 4..7
	WORD    $0x4E606B52 // SADALP V18.4S, V26.8H
	WORD    $0x4E606B73 // SADALP V19.4S, V27.8H
	VDUP    V0.S[2], V4.S4
	VDUP    V0.S[3], V3.S4
	VLD1.P  64(R2), [V20.H8, V21.H8, V22.H8, V23.H8]
	WORD    $0x4E649E98 // MUL    V24.8H, V20.8H, V4.8H
	WORD    $0x4E649EB9 // MUL    V25.8H, V21.8H, V4.8H
	WORD    $0x4E639EDA // MUL    V26.8H, V22.8H, V3.8H
	WORD    $0x4E639EFB // MUL    V27.8H, V23.8H, V3.8H
	WORD    $0x4E606B10 // SADALP V16.4S, V24.8H
	WORD    $0x4E606B31 // SADALP V17.4S, V25.8H
	WORD    $0x4E606B52 // SADALP V18.4S, V26.8H
	WORD    $0x4E606B73 // SADALP V19.4S, V27.8H
	SUBS    $4, R4, R4
	BNE     d_pair
	VADD    V18.S4, V16.S4, V16.S4
	VADD    V19.S4, V17.S4, V17.S4
	VST1.P  [V16.S4, V17.S4], 32(R0)
	SUBS    $1, R6, R6
	BNE     d_block
	RET
