/**
 * Set-up of every vitest file. Testing Library's waits (findBy…, waitFor) give up after 1 s by default:
 * less than a lazily loaded widget can take to arrive on a busy 2-core machine running two test workers.
 * They return as soon as their condition holds, so a longer limit only delays a real failure.
 */
import { configure } from '@testing-library/dom'

configure({ asyncUtilTimeout: 10_000 })
