/**
 * A link among text or in a list of next steps: coloured and underlined, so it reads as a link without
 * relying on colour alone, with a focus ring for the keyboard.
 */
export const inlineLinkClassName =
  'rounded-sm font-medium text-teal-700 underline decoration-teal-700/40 underline-offset-2 hover:text-teal-900 hover:decoration-current focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:text-teal-300 dark:decoration-teal-300/40 dark:hover:text-teal-200'

/**
 * A link whose place already says it is one (a name in a table cell, a panel's entry, "Back to …" beside
 * a heading): coloured, underlined under the pointer.
 */
export const quietLinkClassName = 'text-teal-700 hover:underline dark:text-teal-400'
