import { Link, type LinkProps } from '@tanstack/react-router'
import { routeNameOf } from '../../src/types/resource-routes.ts'
import { quietLinkClassName } from '../../src/ui/link.ts'

/** A link to another resource's detail page (a website's director, a page rule's website); keeps ?project=. */
export function ReferenceLink({ type, name }: { type: string; name: string }) {
  return (
    <Link
      to={`/${routeNameOf(type)}-detail/${encodeURIComponent(name)}` as LinkProps['to']}
      className={quietLinkClassName}
    >
      {name}
    </Link>
  )
}

export const renderReference = (type: string, name: string) => <ReferenceLink type={type} name={name} />
