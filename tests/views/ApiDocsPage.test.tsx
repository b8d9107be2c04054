// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type OpenApiDocument, operationsOf, type TryResponse } from '../../src/domain/api-docs.ts'
import { ApiDocsPage, type ApiDocsPageProps } from '../../src/views/ApiDocsPage.tsx'

afterEach(cleanup)

/** A document shaped as `server/http/service.ts` makes them, with one list and one create. */
const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'WADP core API', version: '1.2.3' },
  tags: [{ name: 'directors' }],
  paths: {
    '/projects/{project}/directors': {
      get: {
        operationId: 'getProjectsDirectors',
        tags: ['directors'],
        summary: 'List directors',
        description: 'Permission: wadp.directors.list.',
        'x-permission': 'wadp.directors.list',
        parameters: [
          {
            name: 'project',
            in: 'path',
            required: true,
            description: 'The project’s name',
            schema: { type: 'string' },
          },
          { name: 'q', in: 'query', required: false, description: 'Name filter', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'Success' }, '400': { $ref: '#/components/responses/Error' } },
      },
      post: {
        operationId: 'postProjectsDirectors',
        tags: ['directors'],
        summary: 'Create a director',
        description: 'Permission: wadp.directors.create.',
        'x-permission': 'wadp.directors.create',
        parameters: [{ name: 'project', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name', 'backends'],
                properties: {
                  name: { type: 'string', description: 'Unique name', pattern: '^[a-z0-9-]+$' },
                  type: {
                    enum: ['round_robin', 'fallback'],
                    default: 'round_robin',
                    description: 'How requests spread',
                  },
                  backends: {
                    type: 'array',
                    minItems: 1,
                    description: 'The origin servers',
                    items: {
                      type: 'object',
                      required: ['port'],
                      properties: {
                        port: { type: 'integer', minimum: 1, maximum: 65535, description: 'TCP port' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        responses: { '201': { description: 'Success' }, '400': { $ref: '#/components/responses/Error' } },
      },
    },
  },
  components: { responses: { Error: { description: 'Error' } } },
}

function props(overrides: Partial<ApiDocsPageProps> = {}): ApiDocsPageProps {
  return {
    services: [
      {
        service: 'core',
        status: 'ready',
        title: 'WADP core API',
        version: '1.2.3',
        groups: operationsOf('core', document),
      },
      { service: 'stats', status: 'error', error: 'The platform did not answer in time.', groups: [] },
    ],
    defaults: { project: 'shop' },
    onRetry: vi.fn(),
    onSend: vi.fn(),
    ...overrides,
  }
}

const answer = (text: string, status = 200): TryResponse => ({
  status,
  statusText: status === 200 ? 'OK' : 'Bad Request',
  durationMs: 12,
  contentType: 'application/json',
  text,
})

function openOperation(summary: string) {
  return userEvent.click(screen.getByText(summary))
}

describe('ApiDocsPage', () => {
  it('shows the services in their order, each once those above it have loaded, and says how many are still loading', () => {
    const core = props().services[0]
    if (!core) throw new Error('no core service in the props')
    const { rerender } = render(
      <ApiDocsPage
        {...props({
          services: [
            { service: 'auth', status: 'loading', groups: [] },
            core,
            { service: 'stats', status: 'loading', groups: [] },
          ],
        })}
      />,
    )
    // Core has arrived, but the auth service above it has not: core waits instead of being pushed down.
    expect(screen.queryByRole('region', { name: /service/ })).toBeNull()
    expect(screen.getByText('0 operations · loading 2 of 3 API documents…')).toBeTruthy()
    rerender(
      <ApiDocsPage
        {...props({
          services: [
            { service: 'auth', status: 'error', error: 'The platform did not answer in time.', groups: [] },
            core,
            { service: 'stats', status: 'loading', groups: [] },
          ],
        })}
      />,
    )
    expect(
      screen.getAllByRole('region').map((region) => region.querySelector('h2')?.textContent?.split(' ')[0]),
    ).toEqual(['auth', 'core'])
    expect(screen.getByText('2 operations · loading 1 of 3 API documents…')).toBeTruthy()
  })

  it('lists operations by service and tag with their permission, and a failed document with a retry', async () => {
    const onRetry = vi.fn()
    render(<ApiDocsPage {...props({ onRetry })} />)
    const core = screen.getByRole('region', { name: /core service/ })
    expect(within(core).getByRole('heading', { level: 3, name: 'directors' })).toBeTruthy()
    expect(within(core).getByText('wadp.directors.create')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('The platform did not answer in time.')
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledWith('stats')
  })

  it('documents a body field by field: type, required, description, values, default and limits', async () => {
    render(<ApiDocsPage {...props()} />)
    await openOperation('Create a director')
    const body = screen.getByRole('heading', { name: 'Request body' }).parentElement as HTMLElement
    const name = within(body).getByText('name').closest('li') as HTMLElement
    expect(name.textContent).toContain('required')
    expect(name.textContent).toContain('Unique name')
    expect(name.textContent).toContain('pattern ^[a-z0-9-]+$')
    const type = within(body).getByText('type').closest('li') as HTMLElement
    expect(type.textContent).not.toContain('required')
    expect(type.textContent).toContain('One of: round_robin, fallback')
    expect(type.textContent).toContain('Default: round_robin')
    const port = within(body).getByText('port').closest('li') as HTMLElement
    expect(port.textContent).toContain('TCP port')
    expect(port.textContent).toContain('1–65535')
    expect(within(body).getByText('list of object')).toBeTruthy()
  })

  it('filters operations by any word of their method, path, summary, tag or permission', async () => {
    render(<ApiDocsPage {...props()} />)
    await userEvent.type(screen.getByLabelText('Filter operations'), 'directors.create')
    expect(screen.queryByText('List directors')).toBeNull()
    expect(screen.getByText('Create a director')).toBeTruthy()
    expect(screen.getByText('1 operation match')).toBeTruthy()
  })

  it('sends the operation with its parameters and the example body, and shows the answer as text', async () => {
    const onSend = vi.fn(async () => answer('{"data":{"name":"<img src=x onerror=alert(1)>"}}', 201))
    render(<ApiDocsPage {...props({ onSend })} />)
    await openOperation('Create a director')
    const form = screen.getByRole('form', { name: 'Try Create a director' })
    expect((within(form).getByLabelText('{project}') as HTMLInputElement).value).toBe('shop')
    const body = within(form).getByLabelText('Request body (JSON)') as HTMLTextAreaElement
    expect(JSON.parse(body.value)).toEqual({ name: '', backends: [{ port: 1 }] })
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }))
    expect(onSend).toHaveBeenCalledWith({
      service: 'core',
      method: 'post',
      path: '/projects/shop/directors',
      body: body.value,
    })
    const shown = await within(form).findByRole('region', { name: 'Response body' })
    expect(shown.textContent).toContain('"name": "<img src=x onerror=alert(1)>"')
    expect(shown.querySelector('img')).toBeNull()
  })

  it('starts the body from the document’s example where it gives one', async () => {
    const example = { name: 'blog-origin', backends: [{ host: 'blog-1.origin.example.com', port: 443 }] }
    const withExample = structuredClone(document)
    const create = withExample.paths['/projects/{project}/directors']?.post as {
      requestBody: { content: Record<string, { example?: unknown }> }
    }
    ;(create.requestBody.content['application/json'] as { example?: unknown }).example = example
    const [core, stats] = props().services
    const services = [{ ...core, groups: operationsOf('core', withExample) }, stats] as ApiDocsPageProps['services']
    render(<ApiDocsPage {...props({ services })} />)
    await openOperation('Create a director')
    const form = screen.getByRole('form', { name: 'Try Create a director' })
    const body = within(form).getByLabelText('Request body (JSON)') as HTMLTextAreaElement
    expect(JSON.parse(body.value)).toEqual(example)
  })

  it('keeps each path value one segment, leaves empty query parameters out, and refuses a body that is not JSON', async () => {
    const onSend = vi.fn(async () => answer('{"data":[]}'))
    render(<ApiDocsPage {...props({ onSend })} />)
    await openOperation('List directors')
    const form = screen.getByRole('form', { name: 'Try List directors' })
    const project = within(form).getByLabelText('{project}')
    await userEvent.clear(project)
    await userEvent.type(project, '../auth')
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }))
    expect(onSend).toHaveBeenCalledWith({ service: 'core', method: 'get', path: '/projects/..%2Fauth/directors' })
    expect(await within(form).findByText('200 OK')).toBeTruthy()
    await userEvent.clear(project)
    await userEvent.type(project, '..')
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }))
    expect((await within(form).findByRole('alert')).textContent).toBe('{project} cannot be . or ..')

    cleanup()
    render(<ApiDocsPage {...props({ onSend })} />)
    await openOperation('Create a director')
    const create = screen.getByRole('form', { name: 'Try Create a director' })
    const body = within(create).getByLabelText('Request body (JSON)')
    await userEvent.clear(body)
    await userEvent.type(body, 'not json')
    await userEvent.click(within(create).getByRole('button', { name: 'Send request' }))
    expect((await within(create).findByRole('alert')).textContent).toContain('The body is not valid JSON')
    expect(onSend).toHaveBeenCalledTimes(1)
  })
})
