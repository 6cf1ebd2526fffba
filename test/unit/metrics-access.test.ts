// Who may read /metrics, decided from the token, the Authorization header, the TCP peer and the forwarding headers.
import { describe, expect, it } from "vitest";
import { metricsAccess } from "../../server/metrics/access.ts";

const TOKEN = "t".repeat(40);
const direct = { token: undefined, authorization: undefined, forwarded: false };

describe("metricsAccess", () => {
  it("without a token: only a direct connection from loopback", () => {
    for (const peer of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(metricsAccess({ ...direct, peer })).toBe("allow");
    for (const peer of ["10.0.0.5", "192.168.1.2", "203.0.113.9", "::ffff:10.0.0.1", "fe80::1", "2001:db8::1", "127.0.0.1.evil", undefined]) {
      expect(metricsAccess({ ...direct, peer })).toBe("hidden");
    }
  });

  it("without a token: a request relayed by a proxy (it carries a forwarding header) is refused even from loopback", () => {
    expect(metricsAccess({ ...direct, peer: "127.0.0.1", forwarded: true })).toBe("hidden");
  });

  it("without a token: an Authorization header grants nothing to another machine", () => {
    expect(metricsAccess({ ...direct, peer: "203.0.113.9", authorization: `Bearer ${TOKEN}` })).toBe("hidden");
  });

  it("with a token: the bearer token alone decides, whatever the peer", () => {
    for (const peer of ["127.0.0.1", "203.0.113.9"]) {
      expect(metricsAccess({ token: TOKEN, peer, forwarded: false, authorization: `Bearer ${TOKEN}` })).toBe("allow");
      expect(metricsAccess({ token: TOKEN, peer, forwarded: true, authorization: `bearer ${TOKEN}` })).toBe("allow");
      expect(metricsAccess({ token: TOKEN, peer, forwarded: false, authorization: undefined })).toBe("hidden");
      expect(metricsAccess({ token: TOKEN, peer, forwarded: false, authorization: `Basic ${TOKEN}` })).toBe("hidden");
      expect(metricsAccess({ token: TOKEN, peer, forwarded: false, authorization: `Bearer ${TOKEN.slice(1)}` })).toBe("wrong-token");
      expect(metricsAccess({ token: TOKEN, peer, forwarded: false, authorization: `Bearer ${TOKEN} extra` })).toBe("hidden");
    }
  });
});
