/**
 * The schema documents itself: every type, field, argument, enum value and input field of the
 * schema the server builds from `src/schema/*.graphql` has a description (what GraphiQL and
 * introspection show a client), and no description is a placeholder.
 */
import { type GraphQLSchema, buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isSpecifiedScalarType } from 'graphql';
import { loadTypeDefs } from '../../src/server/schema';

/** Every described thing of the schema (its own types, not graphql's introspection types), by a path naming it, with its description. */
const describedThings = (schema: GraphQLSchema): [string, string | null | undefined][] => {
  const things: [string, string | null | undefined][] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
    things.push([type.name, type.description]);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        things.push([`${type.name}.${field.name}`, field.description]);
        for (const arg of field.args) things.push([`${type.name}.${field.name}(${arg.name})`, arg.description]);
      }
    }
    if (isInputObjectType(type)) for (const field of Object.values(type.getFields())) things.push([`${type.name}.${field.name}`, field.description]);
    if (isEnumType(type)) for (const value of type.getValues()) things.push([`${type.name}.${value.name}`, value.description]);
  }
  return things;
};

describe('schema descriptions', () => {
  const schema = buildSchema(loadTypeDefs().join('\n'));
  const things = describedThings(schema);

  it('walks every kind of thing the schema has: types, fields, arguments, enum values and input fields', () => {
    const paths = things.map(([path]) => path);
    expect(paths).toEqual(expect.arrayContaining(['Game', 'Game.export', 'Game.export(format)', 'GameOrderField.DATE', 'ImportOptions.program']));
    expect(paths.filter((p) => p.endsWith(')')).length).toBeGreaterThan(140);
  });

  it('describes every type, field, argument, enum value and input field', () => {
    expect(things.filter(([, description]) => !description?.trim()).map(([path]) => path)).toEqual([]);
  });

  it('has no placeholder among the descriptions', () => {
    expect(things.filter(([, description]) => /^(TODO|TBD|FIXME|xxx)\b/i.test(description ?? '')).map(([path]) => path)).toEqual([]);
  });
});
