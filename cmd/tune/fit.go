package main

import "math"

// The fit: a position's evaluation E (Red's side, in the engine's units)
// predicts Red's expected result as sigmoid(k*E); the loss is the mean
// squared difference from the game results (Texel's method), plus a small
// pull of every parameter towards its starting value so that squares seen
// rarely keep their hand-set worth.

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// evalOf computes a sample's evaluation under the parameter values.
func evalOf(s *sample, params []float64) float64 {
	e := s.fixed
	for _, t := range s.terms {
		e += t.Coef * params[t.Param]
	}
	return e
}

// loss is the mean squared error of the predictions.
func loss(samples []sample, params []float64, k float64) float64 {
	sum := 0.0
	for i := range samples {
		d := samples[i].result - sigmoid(k*evalOf(&samples[i], params))
		sum += d * d
	}
	return sum / float64(len(samples))
}

// fitScale finds the k that minimises the loss with the starting values
// (golden-section search): it converts the engine's units into odds.
func fitScale(samples []sample, params []float64) float64 {
	lo, hi := 1e-4, 0.2
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := loss(samples, params, a), loss(samples, params, b)
	for i := 0; i < 60; i++ {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = loss(samples, params, a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = loss(samples, params, b)
		}
	}
	return (lo + hi) / 2
}

// fitConfig sets the descent.
type fitConfig struct {
	epochs int
	rate   float64 // Adam step size, in evaluation units
	pull   float64 // weight of the pull towards the start values
}

// fit runs full-batch Adam from start and returns the fitted values and
// the loss after each epoch. It is deterministic.
func fit(samples []sample, start []float64, k float64, cfg fitConfig) ([]float64, []float64) {
	params := append([]float64(nil), start...)
	n := len(params)
	m, v := make([]float64, n), make([]float64, n)
	grad := make([]float64, n)
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	var history []float64
	for epoch := 1; epoch <= cfg.epochs; epoch++ {
		clear(grad)
		for i := range samples {
			s := &samples[i]
			p := sigmoid(k * evalOf(s, params))
			// d/dE of (r - p)^2 = -2 (r - p) p (1 - p) k
			g := -2 * (s.result - p) * p * (1 - p) * k / float64(len(samples))
			for _, t := range s.terms {
				grad[t.Param] += g * t.Coef
			}
		}
		for j := range params {
			grad[j] += 2 * cfg.pull * (params[j] - start[j])
			m[j] = beta1*m[j] + (1-beta1)*grad[j]
			v[j] = beta2*v[j] + (1-beta2)*grad[j]*grad[j]
			mh := m[j] / (1 - math.Pow(beta1, float64(epoch)))
			vh := v[j] / (1 - math.Pow(beta2, float64(epoch)))
			params[j] -= cfg.rate * mh / (math.Sqrt(vh) + eps)
		}
		history = append(history, loss(samples, params, k))
	}
	return params, history
}
