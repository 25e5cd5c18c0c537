// The local EVM node the chain tests start (tests/support/evm-node.ts): Hardhat 2, chain 31337, loopback only
// (the --hostname flag). Nothing is compiled by Hardhat: the test token is a bytecode fixture (tests/support/evm/).
// A transaction that reverts is still mined and answered with its hash (a failed payout is a case the tests record).
module.exports = { networks: { hardhat: { chainId: 31337, throwOnTransactionFailures: false } } };
