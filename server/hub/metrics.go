package hub

import "github.com/prometheus/client_golang/prometheus"

// metrics are the instance's Prometheus metrics (served by MetricsHandler).
type metrics struct {
	registry    *prometheus.Registry
	connections prometheus.Gauge
	gamesStart  prometheus.Counter
	gamesEnded  prometheus.Counter
	moveAck     prometheus.Histogram
	errors      *prometheus.CounterVec
	events      prometheus.Counter
	outages     prometheus.Counter
}

func newMetrics() *metrics {
	m := &metrics{
		registry:    prometheus.NewRegistry(),
		connections: prometheus.NewGauge(prometheus.GaugeOpts{Name: "xq_connections", Help: "Open client sockets."}),
		gamesStart:  prometheus.NewCounter(prometheus.CounterOpts{Name: "xq_games_started_total", Help: "Games started by requests to this instance."}),
		gamesEnded:  prometheus.NewCounter(prometheus.CounterOpts{Name: "xq_games_ended_total", Help: "Games ended by this instance (requests and sweeps)."}),
		moveAck: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "xq_move_ack_seconds", Help: "From a move's receipt to its acknowledgement.",
			Buckets: []float64{.001, .002, .005, .01, .02, .05, .1, .2, .5, 1, 2}}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "xq_errors_total", Help: "Refused requests, by error code."}, []string{"code"}),
		events: prometheus.NewCounter(prometheus.CounterOpts{Name: "xq_events_sent_total", Help: "Game events sent to sockets."}),
		outages: prometheus.NewCounter(prometheus.CounterOpts{Name: "xq_outages_resumed_total",
			Help: "Outages of the whole service (gaps in its heartbeat) this instance resumed the games after."}),
	}
	m.registry.MustRegister(m.connections, m.gamesStart, m.gamesEnded, m.moveAck, m.errors, m.events, m.outages,
		prometheus.NewGoCollector(), prometheus.NewProcessCollector(prometheus.ProcessCollectorOpts{}))
	return m
}
