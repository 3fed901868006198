/** Data log (/datalog): the group and its pages' titles. */
export default {
  route: {
    group: 'Data log',
    operationLog: 'Operation log',
    serverLog: 'Server log',
  },
};
