vcl 4.1;

# Varnish in front of the site's instances, purged by tag (API-4.md "Serving behind a CDN or a
# shared cache"; deploy/varnish/README.md). The instances run with EDGE_PURGE=varnish and
# EDGE_PURGE_URL naming this server: every public answer says what it shows in Surrogate-Key,
# and a save sends `PURGE /` with `xkey-purge: tag tag …`, which drops exactly those pages.

import directors;
import std;
import xkey;

backend app1 {
    .host = "app1";
    .port = "3000";
    .probe = { .url = "/api/health"; .interval = 5s; .timeout = 2s; .window = 5; .threshold = 3; }
}
backend app2 {
    .host = "app2";
    .port = "3000";
    .probe = { .url = "/api/health"; .interval = 5s; .timeout = 2s; .window = 5; .threshold = 3; }
}

# Who may purge: the instances' addresses (a purge from anywhere else is refused).
acl purgers {
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}

sub vcl_init {
    new site = directors.round_robin();
    site.add_backend(app1);
    site.add_backend(app2);
}

sub vcl_recv {
    set req.backend_hint = site.backend();

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Purging is allowed only from the site's instances"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "A purge names its tags in the xkey-purge header"));
        }
        set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.n-gone + " objects"));
    }

    # The instances see the visitor's address (TRUST_PROXY names this server).
    if (req.restarts == 0) {
        if (req.http.X-Forwarded-For) {
            set req.http.X-Forwarded-For = req.http.X-Forwarded-For + ", " + client.ip;
        } else {
            set req.http.X-Forwarded-For = client.ip;
        }
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The admin area, anything with a token, and the home page at / (it differs by the visitor's language).
    if (req.url ~ "^/admin(/|$|\?)" || req.http.Authorization || req.url ~ "^/(\?.*)?$") {
        return (pass);
    }
    # A signed-in session's cookie: that visitor's answers are their own.
    if (req.http.Cookie ~ "(^|;\s*)(session|lexsite_session|__Host-[^=]*)=") {
        return (pass);
    }
    # Every other cookie (the language choice is read only at /, which passes) changes nothing a page shows.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    return (lookup);
}

sub vcl_backend_response {
    # Kept only when the site said so: a public answer names its tags; anything else
    # (private, no-store, an error, a redirect) goes to the visitor and is not stored.
    if (!beresp.http.Surrogate-Key || beresp.http.Cache-Control ~ "(private|no-store)" || beresp.http.Set-Cookie) {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # xkey reads its tags from the xkey header (spaces or commas between them).
    set beresp.http.xkey = beresp.http.Surrogate-Key;
    # s-maxage is the TTL (Varnish reads it from Cache-Control); stale-while-revalidate is the grace.
    if (beresp.http.Cache-Control ~ "stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, ".*stale-while-revalidate=([0-9]+).*", "\1") + "s", 60s);
    }
    # Kept a while longer for conditional requests (If-None-Match answered 304 from here).
    set beresp.keep = 1h;
    return (deliver);
}

sub vcl_deliver {
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    set resp.http.X-Cache-Hits = obj.hits;
    # The tags are for this server and the purges; visitors' browsers revalidate (max-age=0).
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    unset resp.http.X-Varnish;
    unset resp.http.Via;
    return (deliver);
}

sub vcl_synth {
    set resp.http.Cache-Control = "private, no-store";
    return (deliver);
}
