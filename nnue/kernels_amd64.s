//go:build amd64 && !purego

#include "textflag.h"

// The vector kernels of kernels.go: AVX2 (32 bytes a step, then a 16-byte
// tail) and SSE2 (16 bytes a step; every amd64 has it). Lengths are
// multiples of 8 int16 (the net's H is), and the loads are unaligned.
// int16 adds and subtracts wrap around (PADDW, not the saturating PADDSW),
// as Go's do.

// func accAddSubAVX2(dst, src, add, sub *int16, n int)
TEXT ·accAddSubAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ add+16(FP), AX
	MOVQ sub+24(FP), BX
	MOVQ n+32(FP), CX
	XORQ DX, DX
	SHLQ $1, CX // bytes
avx_as_loop:
	MOVQ CX, R8
	SUBQ DX, R8
	CMPQ R8, $32
	JLT  avx_as_tail
	VMOVDQU (SI)(DX*1), Y0
	VPADDW  (AX)(DX*1), Y0, Y0
	VPSUBW  (BX)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	JMP     avx_as_loop
avx_as_tail:
	CMPQ R8, $16
	JLT  avx_as_done
	VMOVDQU (SI)(DX*1), X0
	VPADDW  (AX)(DX*1), X0, X0
	VPSUBW  (BX)(DX*1), X0, X0
	VMOVDQU X0, (DI)(DX*1)
avx_as_done:
	VZEROUPPER
	RET

// func accAddSubSubAVX2(dst, src, add, sub1, sub2 *int16, n int)
TEXT ·accAddSubSubAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ add+16(FP), AX
	MOVQ sub1+24(FP), BX
	MOVQ sub2+32(FP), R9
	MOVQ n+40(FP), CX
	XORQ DX, DX
	SHLQ $1, CX
avx_ass_loop:
	MOVQ CX, R8
	SUBQ DX, R8
	CMPQ R8, $32
	JLT  avx_ass_tail
	VMOVDQU (SI)(DX*1), Y0
	VPADDW  (AX)(DX*1), Y0, Y0
	VPSUBW  (BX)(DX*1), Y0, Y0
	VPSUBW  (R9)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	JMP     avx_ass_loop
avx_ass_tail:
	CMPQ R8, $16
	JLT  avx_ass_done
	VMOVDQU (SI)(DX*1), X0
	VPADDW  (AX)(DX*1), X0, X0
	VPSUBW  (BX)(DX*1), X0, X0
	VPSUBW  (R9)(DX*1), X0, X0
	VMOVDQU X0, (DI)(DX*1)
avx_ass_done:
	VZEROUPPER
	RET

// func accAddAVX2(dst, w *int16, n int)
TEXT ·accAddAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ w+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ DX, DX
	SHLQ $1, CX
avx_a_loop:
	MOVQ CX, R8
	SUBQ DX, R8
	CMPQ R8, $32
	JLT  avx_a_tail
	VMOVDQU (DI)(DX*1), Y0
	VPADDW  (SI)(DX*1), Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	JMP     avx_a_loop
avx_a_tail:
	CMPQ R8, $16
	JLT  avx_a_done
	VMOVDQU (DI)(DX*1), X0
	VPADDW  (SI)(DX*1), X0, X0
	VMOVDQU X0, (DI)(DX*1)
avx_a_done:
	VZEROUPPER
	RET

// func clipAVX2(dst, src *int16, n int)
TEXT ·clipAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ DX, DX
	SHLQ $1, CX
	VPXOR Y6, Y6, Y6
	MOVL $0x007f007f, AX // ActScale in each int16
	MOVQ AX, X7
	VPBROADCASTD X7, Y7
avx_c_loop:
	MOVQ CX, R8
	SUBQ DX, R8
	CMPQ R8, $32
	JLT  avx_c_tail
	VMOVDQU (SI)(DX*1), Y0
	VPMAXSW Y6, Y0, Y0
	VPMINSW Y7, Y0, Y0
	VMOVDQU Y0, (DI)(DX*1)
	ADDQ    $32, DX
	JMP     avx_c_loop
avx_c_tail:
	CMPQ R8, $16
	JLT  avx_c_done
	VMOVDQU (SI)(DX*1), X0
	VPMAXSW X6, X0, X0
	VPMINSW X7, X0, X0
	VMOVDQU X0, (DI)(DX*1)
avx_c_done:
	VZEROUPPER
	RET

// func denseAVX2(sums *int32, act *int16, w *int16, pairs, blocks int)
// For each block of 8 outputs: broadcast a pair of inputs to every 32-bit
// lane and multiply-add it with the pair's 8×2 weights (VPMADDWD gives 8
// int32 sums of two products); four accumulators, as pairs is a multiple
// of 4 (H is a multiple of 8).
TEXT ·denseAVX2(SB), NOSPLIT, $0-40
	MOVQ sums+0(FP), DI
	MOVQ w+16(FP), BX
	MOVQ blocks+32(FP), R9
avx_d_block:
	MOVQ act+8(FP), SI
	MOVQ pairs+24(FP), CX
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
avx_d_pair:
	VPBROADCASTD (SI), Y4
	VPMADDWD     (BX), Y4, Y4
	VPADDD       Y4, Y0, Y0
	VPBROADCASTD 4(SI), Y5
	VPMADDWD     32(BX), Y5, Y5
	VPADDD       Y5, Y1, Y1
	VPBROADCASTD 8(SI), Y6
	VPMADDWD     64(BX), Y6, Y6
	VPADDD       Y6, Y2, Y2
	VPBROADCASTD 12(SI), Y7
	VPMADDWD     96(BX), Y7, Y7
	VPADDD       Y7, Y3, Y3
	ADDQ         $16, SI
	ADDQ         $128, BX
	SUBQ         $4, CX
	JNZ          avx_d_pair
	VPADDD       Y1, Y0, Y0
	VPADDD       Y3, Y2, Y2
	VPADDD       Y2, Y0, Y0
	VMOVDQU      Y0, (DI)
	ADDQ         $32, DI
	DECQ         R9
	JNZ          avx_d_block
	VZEROUPPER
	RET

// func accAddSubSSE2(dst, src, add, sub *int16, n int)
TEXT ·accAddSubSSE2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ add+16(FP), AX
	MOVQ sub+24(FP), BX
	MOVQ n+32(FP), CX
	SHRQ $3, CX // steps of 8 int16
sse_as_loop:
	MOVOU (SI), X0
	MOVOU (AX), X1
	MOVOU (BX), X2
	PADDW X1, X0
	PSUBW X2, X0
	MOVOU X0, (DI)
	ADDQ  $16, SI
	ADDQ  $16, AX
	ADDQ  $16, BX
	ADDQ  $16, DI
	DECQ  CX
	JNZ   sse_as_loop
	RET

// func accAddSubSubSSE2(dst, src, add, sub1, sub2 *int16, n int)
TEXT ·accAddSubSubSSE2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ add+16(FP), AX
	MOVQ sub1+24(FP), BX
	MOVQ sub2+32(FP), R9
	MOVQ n+40(FP), CX
	SHRQ $3, CX
sse_ass_loop:
	MOVOU (SI), X0
	MOVOU (AX), X1
	MOVOU (BX), X2
	MOVOU (R9), X3
	PADDW X1, X0
	PSUBW X2, X0
	PSUBW X3, X0
	MOVOU X0, (DI)
	ADDQ  $16, SI
	ADDQ  $16, AX
	ADDQ  $16, BX
	ADDQ  $16, R9
	ADDQ  $16, DI
	DECQ  CX
	JNZ   sse_ass_loop
	RET

// func accAddSSE2(dst, w *int16, n int)
TEXT ·accAddSSE2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ w+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
sse_a_loop:
	MOVOU (DI), X0
	MOVOU (SI), X1
	PADDW X1, X0
	MOVOU X0, (DI)
	ADDQ  $16, SI
	ADDQ  $16, DI
	DECQ  CX
	JNZ   sse_a_loop
	RET

// func clipSSE2(dst, src *int16, n int)
TEXT ·clipSSE2(SB), NOSPLIT, $0-24
	MOVQ   dst+0(FP), DI
	MOVQ   src+8(FP), SI
	MOVQ   n+16(FP), CX
	SHRQ   $3, CX
	PXOR   X6, X6
	MOVL   $0x007f007f, AX
	MOVQ   AX, X7
	PSHUFL $0, X7, X7
sse_c_loop:
	MOVOU  (SI), X0
	PMAXSW X6, X0
	PMINSW X7, X0
	MOVOU  X0, (DI)
	ADDQ   $16, SI
	ADDQ   $16, DI
	DECQ   CX
	JNZ    sse_c_loop
	RET

// func denseSSE2(sums *int32, act *int16, w *int16, pairs, blocks int)
// As denseAVX2, each block's 8 sums in two registers of 4.
TEXT ·denseSSE2(SB), NOSPLIT, $0-40
	MOVQ sums+0(FP), DI
	MOVQ w+16(FP), BX
	MOVQ blocks+32(FP), R9
sse_d_block:
	MOVQ act+8(FP), SI
	MOVQ pairs+24(FP), CX
	PXOR X0, X0
	PXOR X1, X1
	PXOR X2, X2
	PXOR X3, X3
sse_d_pair:
	MOVL    (SI), AX
	MOVQ    AX, X4
	PSHUFL  $0, X4, X4
	MOVOU   (BX), X5
	MOVOU   16(BX), X6
	PMADDWL X4, X5
	PMADDWL X4, X6
	PADDL   X5, X0
	PADDL   X6, X1
	MOVL    4(SI), AX
	MOVQ    AX, X7
	PSHUFL  $0, X7, X7
	MOVOU   32(BX), X8
	MOVOU   48(BX), X9
	PMADDWL X7, X8
	PMADDWL X7, X9
	PADDL   X8, X2
	PADDL   X9, X3
	ADDQ    $8, SI
	ADDQ    $64, BX
	SUBQ    $2, CX
	JNZ     sse_d_pair
	PADDL   X2, X0
	PADDL   X3, X1
	MOVOU   X0, (DI)
	MOVOU   X1, 16(DI)
	ADDQ    $32, DI
	DECQ    R9
	JNZ     sse_d_block
	RET
