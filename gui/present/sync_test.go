package present

import (
	"testing"
	"time"
)

func TestSyncStatusText(t *testing.T) {
	now := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	cases := []struct {
		name   string
		s      SyncStatus
		en, zh string
	}{
		{"guest", SyncStatus{Guest: true}, "Register to keep your games, puzzle progress and settings on every device", "注册后，棋谱、习题进度和设置可在其他设备上同步"},
		{"never", SyncStatus{Now: now}, "Not synced yet", "尚未同步"},
		{"running", SyncStatus{Running: true, Waiting: 3, Now: now}, "Syncing…", "正在同步…"},
		{"just now", SyncStatus{Last: now.Add(-20 * time.Second), Now: now}, "Synced · just now", "已同步 · 刚刚"},
		{"minutes", SyncStatus{Last: now.Add(-2*time.Minute - 10*time.Second), Now: now}, "Synced · 2 min ago", "已同步 · 2 分钟前"},
		{"hours, offline", SyncStatus{Last: now.Add(-3 * time.Hour), Now: now, Waiting: 4, Err: "no network"},
			"Synced · 3 h ago\n4 changes waiting to be sent\nSync failed: no network", "已同步 · 3 小时前\n4 项更改等待上传\n同步失败：no network"},
		{"days", SyncStatus{Last: now.Add(-50 * time.Hour), Now: now}, "Synced · 2 d ago", "已同步 · 2 天前"},
	}
	for _, c := range cases {
		sayBoth(t, c.name, func(tr Translate) string { return SyncStatusText(tr, c.s) }, c.en, c.zh)
	}
}
