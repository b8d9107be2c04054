import { configuration, type TypeEntry } from '../../domain/type-entry.ts'

export const captchasType: TypeEntry = {
  ...configuration('challenges', 'captchas', 'Captchas', 'captcha', 'captcha_name', { section: 'security' }),
  protection: true,
}
