import { endpoint } from '../endpoint.js';
import { Code } from '../codes.js';
import { z } from 'zod';
import {
  cardBody,
  cardChange,
  cardHistoryQuery,
  cardImportBody,
  cardImportResult,
  cardPage,
  cardParams,
  cardRow,
  expiredListQuery,
} from './schemas.js';

const tags = ['iotCard'] as const;

/** IoT cards (the top bar's expired-device list; root's and limited_admin's card records; issue 22; docs/api.md "IoT cards"). */
export const endpoints = {
  expiredList: endpoint({
    method: 'GET',
    path: '/iot_card/get_expired_list',
    access: 'msg',
    successCode: Code.TOPBAR_SUCCESS,
    query: expiredListQuery,
    response: cardPage,
    tags,
    summary: 'Cards of the boxes the user reaches expiring this month or next, or expired; answers code 1000 (spec 7, 8)',
  }),
  cards: endpoint({
    method: 'GET',
    path: '/iot_card/cards',
    access: 'iotCard',
    query: expiredListQuery.omit({ month: true }),
    response: cardPage,
    tags,
    summary: 'Every card, searched by box number, ICCID, company or provider; soonest expiry first, those without one last',
  }),
  setCard: endpoint({
    method: 'PUT',
    path: '/iot_card/cards/:id',
    access: 'iotCard',
    params: cardParams,
    body: cardBody,
    response: cardRow,
    tags,
    summary: "Sets a card's provider and expiry date",
  }),
  importCards: endpoint({
    method: 'POST',
    path: '/iot_card/import',
    access: 'iotCard',
    body: cardImportBody,
    response: cardImportResult,
    tags,
    summary: 'Reads a sheet of ICCIDs, expiry dates and providers: what it would change and its problems; applies it when asked and clean',
  }),
  history: endpoint({
    method: 'GET',
    path: '/iot_card/history',
    access: 'msg',
    query: cardHistoryQuery,
    response: z.array(cardChange),
    tags,
    summary: "A box's card changes as its hellos reported them, newest first",
  }),
};
