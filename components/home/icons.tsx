import type { ReactNode } from 'react'
import type { IconName } from './content.ts'

/** Line icons drawn for the landing page (24-unit grid, stroke inherits the text colour). Decorative. */
const PATHS: Record<IconName | 'chat' | 'mail' | 'pin' | 'clock' | 'arrow' | 'star', ReactNode> = {
  hide: (
    <path
      d={
        'M6 3c2 1.2 4 1.2 6 0s4-1.2 6 0c-.8 2 .8 3 2 4-1 2-1 4 0 6-1.2 1-2.8 ' +
        '2-2 4-2 1.2-4 1.2-6 0s-4-1.2-6 0c.8-2-.8-3-2-4 1-2 1-4 0-6 1.2-1 2.8-2 2-4z'
      }
    />
  ),
  needle: (
    <>
      <path d="M4 20 16.5 7.5" />
      <path d="M15.2 5.4a2 2 0 1 1 3.4 3.4l-2.1 1.2-2.5-2.5z" />
      <path d="M18.5 9.5c2.5 3.5-1 6.5-4 5.5s-6.5 1.5-5 5" />
    </>
  ),
  compass: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </>
  ),
  seal: (
    <>
      <circle cx="12" cy="9" r="6.5" />
      <path d="m8.6 14.4-1.6 7.1 5-2.8 5 2.8-1.6-7.1" />
      <path d="m9.4 9 1.8 1.8 3.4-3.4" />
    </>
  ),
  awl: (
    <>
      <path d="m14.5 2.5 7 7-3 3-7-7z" />
      <path d="M13 11 3 21" />
      <path d="m11.5 5.5 7 7" />
    </>
  ),
  shield: (
    <>
      <path d="M12 21.5s8-3.8 8-10V5.2L12 2.5 4 5.2v6.3c0 6.2 8 10 8 10z" />
      <path d="m8.8 11.8 2.2 2.2 4.2-4.4" />
    </>
  ),
  crown: (
    <>
      <path d="m3 7.5 4.5 4.5L12 5l4.5 7L21 7.5 19 18H5z" />
      <path d="M5 21h14" />
    </>
  ),
  hand: (
    <>
      <path d="M8 13V5.5a1.5 1.5 0 0 1 3 0V11" />
      <path d="M11 10.5v-6a1.5 1.5 0 0 1 3 0v6" />
      <path
        d={
          'M14 10.5V6a1.5 1.5 0 0 1 3 0v7.5c0 4.5-2.7 8-7 8-2.6 ' +
          '0-4.2-1.3-5.6-3.4L2.8 15.6a1.5 1.5 0 0 1 2.5-1.7L8 17'
        }
      />
    </>
  ),
  chat: (
    <>
      <path d="M20.5 11.7a8.5 8.5 0 0 1-12.4 7.6L3 21l1.7-4.9a8.5 8.5 0 1 1 15.8-4.4z" />
      <path d="M9 9.2c.3 2.6 2.9 5.1 5.6 5.6l1.2-1.3-1.9-1-1 .9c-.9-.4-2-1.5-2.4-2.4l.9-1-1-1.9z" />
    </>
  ),
  mail: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="1.5" />
      <path d="m3 6 9 7 9-7" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21.5s7-6.1 7-12a7 7 0 1 0-14 0c0 5.9 7 12 7 12z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 6.5V12l3.5 2" />
    </>
  ),
  arrow: (
    <>
      <path d="M4 12h15" />
      <path d="m13 6 6 6-6 6" />
    </>
  ),
  star: <path d="m12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />,
}

export type IconKey = keyof typeof PATHS

export function Icon({ name, className }: { name: IconKey; className?: string }) {
  const filled = name === 'star'
  return (
    <svg
      className={`icon${className ? ` ${className}` : ''}`}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={filled ? 0 : 1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  )
}
