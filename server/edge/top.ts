import { vclString } from '../../src/domain/vcl.ts'

/** A project's label on a node and the hosts it serves (its websites' domains and aliases). */
export type LabelRoute = { label: string; hosts: readonly string[] }

/**
 * The VCL a node runs on top (EDGE.md): each request's host, lowercased and without its port, goes to
 * the label of the project serving it; any other host is answered 404 by the node itself. It can be
 * compiled only where the labels exist (a running varnishd), since `vcl(…)` names them.
 */
export function topVcl(routes: readonly LabelRoute[]): string {
  const branches = routes
    .filter((route) => route.hosts.length > 0)
    .map((route) => {
      const hosts = route.hosts.map((host) => `req.http.host == ${vclString(host)}`).join(' || ')
      return [`  if (${hosts}) {`, `    return (vcl(${route.label}));`, '  }'].join('\n')
    })
  return [
    'vcl 4.1;',
    'import std;',
    '',
    'backend wadp_none none;',
    '',
    'sub vcl_recv {',
    '  set req.http.host = std.tolower(regsub(req.http.host, ":[0-9]+$", ""));',
    ...branches,
    '  return (synth(404, "Unknown host"));',
    '}',
    '',
    'sub vcl_synth {',
    '  set resp.http.X-Cache = "PASS";',
    '  set resp.http.X-Served-By = server.identity;',
    '}',
    '',
  ].join('\n')
}
