/**
 * The wallet's money modals as one lazily loaded module: /wallet imports it with React.lazy when a modal first
 * opens, and one module costs its first load one loader instead of one per modal (the page's JavaScript budget).
 */
export { BuyModal } from "./buy-modal";
export { SendModal } from "./send-modal";
