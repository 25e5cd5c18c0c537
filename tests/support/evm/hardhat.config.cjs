// The local EVM node the chain tests start (tests/support/evm-node.ts): Hardhat 2, chain 31337, loopback only
// (the --hostname flag). Nothing is compiled by Hardhat: the test token is a bytecode fixture (tests/support/evm/).
module.exports = { networks: { hardhat: { chainId: 31337 } } };
