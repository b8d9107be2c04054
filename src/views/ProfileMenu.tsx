import { useState } from 'react'
import { Avatar } from '../ui/Avatar.tsx'
import { Menu } from '../ui/Menu.tsx'
import { useIdle } from '../ui/useIdle.ts'
import { useLoaded } from '../ui/useLoadedWhenIdle.ts'
import type { ProfileMenuProps } from './ProfileMenuItems.tsx'

export type { ProfileMenuProps }

export function displayName(user: ProfileMenuProps['user']): string {
  if (!user) return ''
  return `${user.first_name} ${user.last_name}`.trim() || user.username
}

type Items = typeof import('./ProfileMenuItems.tsx')
let loadedItems: Items | null = null

/** The open menu's items (ProfileMenuItems.tsx), asked for when the page is idle or the menu first opens. */
const loadItems = async (): Promise<Items> => {
  loadedItems ??= await import('./ProfileMenuItems.tsx')
  return loadedItems
}

/** The profile button; its menu opens once its items' code is there (an open asked for before is kept). */
export function ProfileMenu(props: ProfileMenuProps) {
  const [opened, setOpened] = useState(false)
  const items = useLoaded(loadItems, useIdle() || opened) ?? loadedItems
  const name = displayName(props.user)
  return (
    <Menu
      label="Profile"
      onOpen={() => {
        setOpened(true)
        props.onOpen?.()
      }}
      contentReady={items !== null}
      button={<Avatar name={props.authType === 'token' ? 'Token' : name} size={40} />}
    >
      {items && <items.ProfileMenuItems {...props} name={name} />}
    </Menu>
  )
}
