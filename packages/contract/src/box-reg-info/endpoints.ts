import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { boxIdParams } from '../devices/schemas.js';
import {
  boxLinkRow,
  boxRegistrationBody,
  boxRegistrationResult,
  boxRegPage,
  boxRegQuery,
  credentialsParams,
  labelRange,
  labelSheet,
  labelsVoided,
  userOption,
  userOptionQuery,
} from './schemas.js';

const tags = ['box-reg-info'] as const;

/** /box-reg-info: box registration (spec 2 /box-reg-info: root and limited_admin). */
export const endpoints = {
  list: endpoint({
    method: 'GET',
    path: '/box-reg-info',
    access: 'boxRegInfo',
    query: boxRegQuery,
    response: boxRegPage,
    tags,
    summary: 'Registered boxes with filters, newest registration first',
  }),
  register: endpoint({
    method: 'POST',
    path: '/box-reg-info',
    access: 'boxRegInfo',
    body: boxRegistrationBody,
    response: boxRegistrationResult,
    tags,
    summary: "Register a range of box ids to a user; answers each box's credentials (shown once) and a one-time .xlsx download",
  }),
  users: endpoint({
    method: 'GET',
    path: '/box-reg-info/users',
    access: 'boxRegInfo',
    query: userOptionQuery,
    response: z.array(userOption),
    tags,
    summary: 'Users a box can be registered to (first 50 matching)',
  }),
  boxTypes: endpoint({
    method: 'GET',
    path: '/box-reg-info/box-types',
    access: 'boxRegInfo',
    response: z.array(z.string()),
    tags,
    summary: 'The box types the registration form offers: the known ones and every type registered, A to Z',
  }),
  links: endpoint({
    method: 'GET',
    path: '/box-reg-info/:boxId/links',
    access: 'boxRegInfo',
    params: boxIdParams,
    response: z.array(boxLinkRow),
    tags,
    summary: "Who holds each of a box's devices, and how",
  }),
  labels: endpoint({
    method: 'GET',
    path: '/box-reg-info/labels',
    access: 'boxRegInfo',
    query: labelRange,
    response: labelSheet,
    tags,
    summary: "The claim labels of the registered boxes of a range (at most 500): each one's QR payload and typed code",
  }),
  voidLabels: endpoint({
    method: 'POST',
    path: '/box-reg-info/labels/void',
    access: 'boxRegInfo',
    body: labelRange,
    response: labelsVoided,
    tags,
    summary: 'Gives the registered boxes of a range new claim secrets: their printed labels no longer claim them',
  }),
  credentials: endpoint({
    method: 'GET',
    path: '/box-reg-info/credentials/:token',
    access: 'boxRegInfo',
    params: credentialsParams,
    response: 'file',
    tags,
    summary: 'The credentials of a registration as .xlsx: once, by the user who registered, within ten minutes',
  }),
};
