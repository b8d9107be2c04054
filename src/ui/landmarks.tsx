import { createContext, type ReactNode, useContext } from 'react'

const InsideMain = createContext(false)

/**
 * Whether this renders inside the page's main landmark (the shell's): a page shown both inside the
 * shell and on its own (the 404 and error pages) then adds no second `main`, nor a screen's height.
 */
export function useInsideMain(): boolean {
  return useContext(InsideMain)
}

/** Marks what it wraps as inside the main landmark. */
export function InsideMainLandmark({ children }: { children: ReactNode }) {
  return <InsideMain.Provider value>{children}</InsideMain.Provider>
}
