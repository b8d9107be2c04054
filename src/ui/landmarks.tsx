import { createContext, type ReactNode, useContext } from 'react'

const InsideMain = createContext(false)

/**
 * Whether this renders inside the page's main landmark (the shell's): a page shown both inside the
 * shell and on its own (the 404 and error pages) then adds no second `main`, nor a screen's height.
 */
function useInsideMain(): boolean {
  return useContext(InsideMain)
}

/** Marks what it wraps as inside the main landmark. */
export function InsideMainLandmark({ children }: { children: ReactNode }) {
  return <InsideMain.Provider value>{children}</InsideMain.Provider>
}

/**
 * A whole-page message (the 404 and error pages): the page's main landmark, a screen high, on its own;
 * inside the shell, whose main it already is in, a plain block under the top bar.
 */
export function PageMessageFrame({ children }: { children: ReactNode }) {
  const inside = useInsideMain()
  const Landmark = inside ? 'div' : 'main'
  return (
    <Landmark
      className={`mx-auto flex max-w-xl flex-col items-center justify-center gap-4 p-6 text-center ${inside ? 'py-16' : 'min-h-screen'}`}
    >
      {children}
    </Landmark>
  )
}
