package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/xqfyne/xiangqi/server/proto"
)

// maxSyncAnswer bounds the answer read: a page holds at most MaxSyncBody of data plus
// one item, with its JSON escapes (at most six bytes a byte).
const maxSyncAnswer = 8*proto.MaxSyncBody + 8*proto.MaxSyncData

// Sync pushes req.Push and pulls the page after req.Since for the registered account of
// token (protocol v4). The answer is checked (proto.CheckSyncAnswer) before it is
// returned; a refusal is a *proto.Error.
func Sync(ctx context.Context, base, token string, req proto.SyncRequest) (proto.SyncAnswer, error) {
	var a proto.SyncAnswer
	payload, err := json.Marshal(req)
	if err != nil {
		return a, err
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, base+proto.SyncPath, bytes.NewReader(payload))
	if err != nil {
		return a, err
	}
	hreq.Header.Set("Authorization", "Bearer "+token)
	hreq.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(hreq)
	if err != nil {
		return a, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxSyncAnswer+1))
	if err != nil {
		return a, err
	}
	if len(data) > maxSyncAnswer {
		return a, fmt.Errorf("%s: an answer over %d bytes", proto.SyncPath, maxSyncAnswer)
	}
	if resp.StatusCode != http.StatusOK {
		var e proto.Error
		if json.Unmarshal(data, &e) == nil && e.Code != "" {
			return a, &e
		}
		return a, fmt.Errorf("%s: %s", proto.SyncPath, resp.Status)
	}
	if err := json.Unmarshal(data, &a); err != nil {
		return proto.SyncAnswer{}, fmt.Errorf("%s: %w: %v", proto.SyncPath, ErrBadFrame, err)
	}
	if err := proto.CheckSyncAnswer(a, req.Since, req.Limit); err != nil {
		return proto.SyncAnswer{}, fmt.Errorf("%s: %w: %v", proto.SyncPath, ErrBadFrame, err)
	}
	return a, nil
}
