import { TLS_PROTOCOLS } from '../../domain/field-rules.ts'
import { type Draft, type Option, plainOptions, type ResourceUi } from '../../domain/resource-ui.ts'
import type { DirectorData } from './fields.ts'
import { DIRECTOR_TYPES, DirectorFields, type DirectorType, PROBE_METHODS, PROBE_PRESETS } from './fields.ts'
import { directorNotEnforced } from './not-enforced.ts'

/** The ten director types with their labels (spec section 3 names two; the rest follow them). */
export const DIRECTOR_TYPE_LABELS: Record<DirectorType, string> = {
  fallback: 'Fallback',
  round_robin: 'Round-robin',
  weighted: 'Random Weighted',
  round_robin_sticky_ip: 'Round-robin, sticky by IP',
  round_robin_sticky_header: 'Round-robin, sticky by header',
  round_robin_sticky_cookie: 'Round-robin, sticky by cookie',
  shard_sticky_ip: 'Shard, sticky by IP',
  shard_sticky_url: 'Shard, sticky by URL',
  shard_sticky_header: 'Shard, sticky by header',
  shard_sticky_cookie: 'Shard, sticky by cookie',
}

const typeOptions: Option[] = DIRECTOR_TYPES.map((type) => ({ value: type, label: DIRECTOR_TYPE_LABELS[type] }))
const typeOf = (values: Draft) => String(values.type ?? '')

/** A new backend row: the wizard's default port (spec section 9) and weight 1. */
export const newBackend = (): Draft => ({ host: '', port: 443, weight: 1 })

const probePresets = Object.entries(PROBE_PRESETS).map(([label, preset]) => ({
  label: label === 'Medium' ? 'Medium (default)' : label,
  values: Object.fromEntries(Object.entries(preset).map(([field, value]) => [`probe.${field}`, value])),
}))

export const directorsUi: ResourceUi = {
  notEnforced: (record) => directorNotEnforced(record as unknown as DirectorData),
  type: 'directors',
  service: 'core',
  route: 'directors',
  title: 'Directors',
  one: 'director',
  fields: DirectorFields,
  newDraft: () => ({ backends: [newBackend()] }),
  columns: [
    { path: 'type', label: 'Type', format: 'label', options: typeOptions, sortable: true },
    { path: 'backends', label: 'Backends', format: 'count' },
  ],
  sections: [
    {
      title: 'Balancing',
      fields: [
        { kind: 'select', path: 'type', label: 'Type', options: typeOptions },
        {
          kind: 'text',
          path: 'sticky_cookie',
          label: 'Sticky cookie',
          placeholder: 'SESSIONID',
          nullable: true,
          when: (values) => typeOf(values).endsWith('_cookie'),
        },
        {
          kind: 'text',
          path: 'sticky_header',
          label: 'Sticky header',
          placeholder: 'X-User-Id',
          nullable: true,
          when: (values) => typeOf(values).endsWith('_header'),
        },
        { kind: 'reference', path: 'waf_config', label: 'WAF policy', type: 'wafconfigs', nullable: true },
      ],
    },
    {
      title: 'Backends',
      fields: [
        {
          kind: 'records',
          path: 'backends',
          label: 'Backends',
          itemLabel: 'backend',
          wide: true,
          min: 1,
          max: 64,
          newItem: newBackend,
          fields: [
            { kind: 'text', path: 'host', label: 'Host', placeholder: 'origin.example.com' },
            { kind: 'number', path: 'port', label: 'Port', min: 1, max: 65_535 },
            { kind: 'number', path: 'weight', label: 'Weight', min: 0, max: 100 },
          ],
        },
      ],
    },
    {
      title: 'Health probe',
      fields: [
        { kind: 'presets', path: 'probe', label: 'Probe preset', presets: probePresets, wide: true },
        { kind: 'boolean', path: 'probe.enabled', label: 'Probe enabled' },
        { kind: 'select', path: 'probe.method', label: 'Method', options: plainOptions(PROBE_METHODS) },
        { kind: 'text', path: 'probe.path', label: 'Path' },
        { kind: 'text', path: 'probe.host', label: 'Host header', nullable: true, help: 'Empty: the backend host.' },
        { kind: 'number', path: 'probe.status_code', label: 'Expected status', min: 100, max: 599 },
        {
          kind: 'number',
          path: 'probe.window',
          label: 'Window',
          min: 1,
          max: 20,
          help: 'How many recent probes count.',
        },
        {
          kind: 'number',
          path: 'probe.threshold',
          label: 'Threshold',
          min: 1,
          max: 20,
          help: 'Healthy probes needed within the window.',
        },
        { kind: 'number', path: 'probe.interval_seconds', label: 'Interval', unit: 's', min: 1, max: 300 },
        { kind: 'number', path: 'probe.timeout_seconds', label: 'Timeout', unit: 's', min: 1, max: 60 },
      ],
    },
    {
      title: 'Timeouts',
      fields: [
        { kind: 'number', path: 'timeout.connect_timeout', label: 'Connect', unit: 's', min: 1, max: 600 },
        { kind: 'number', path: 'timeout.read_timeout', label: 'Read', unit: 's', min: 1, max: 600 },
        { kind: 'number', path: 'timeout.send_timeout', label: 'Send', unit: 's', min: 1, max: 600 },
      ],
    },
    {
      title: 'TLS to the backends',
      fields: [
        { kind: 'boolean', path: 'tls.enabled', label: 'TLS enabled' },
        { kind: 'boolean', path: 'tls.session_reuse', label: 'Session reuse' },
        { kind: 'multiselect', path: 'tls.protocols', label: 'Protocols', options: plainOptions(TLS_PROTOCOLS) },
      ],
    },
  ],
}
