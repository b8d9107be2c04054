type AvatarProps = {
  /** Whose avatar: its initials are shown. */
  name: string
  /** Side in pixels (spec section 9: 40 in the profile menu). */
  size?: number
  className?: string
}

/** Up to two initials: "Ada Lovelace" gives "AL", "ops-bot" gives "O". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters.map((word) => word?.charAt(0).toUpperCase() ?? '').join('') || '?'
}

/**
 * Decorative: the person's name is always written next to it or in the enclosing control's label.
 * The initials are drawn from CSS (`content: attr()`) so they never compete with that label
 * (a "Profile" button showing "AL" would otherwise have a visible text its name does not contain).
 */
export function Avatar({ name, size = 40, className = '' }: AvatarProps) {
  return (
    <span
      aria-hidden="true"
      data-initials={initials(name)}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full bg-teal-700 font-semibold text-white before:content-[attr(data-initials)] ${className}`}
    />
  )
}
